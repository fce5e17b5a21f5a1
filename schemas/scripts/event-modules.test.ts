import { describe, expect, it } from 'vitest'
import { addTypeImports, declaredTypeNames, dropDeclarations, renderEventsIndex } from './event-modules'

const banner = '/* banner */'
const generated = `${banner}

/**
 * The event.
 */
export interface Ev {
  a: Shared
  b: Local
  c: 'Shared'
}
/**
 * Declared again because the generator inlines referenced definitions.
 */
export interface Shared {
  x: string
}
export type Local = 'p' | 'q'
`

describe('event module text', () => {
  it('lists declared type names', () => {
    expect(declaredTypeNames(generated)).toEqual(['Ev', 'Shared', 'Local'])
  })

  it('drops declarations another module owns, with their doc comments, and imports them instead', () => {
    const dropped = dropDeclarations(generated, new Set(['Shared']))
    expect(declaredTypeNames(dropped)).toEqual(['Ev', 'Local'])
    expect(dropped).not.toContain('Declared again')
    const fixed = addTypeImports(
      dropped,
      new Map([
        ['Shared', '../record'],
        ['Unused', '../record'],
      ]),
    )
    expect(fixed.startsWith(`${banner}\n\nimport type { Shared } from '../record'\n\n/**`)).toBe(true)
  })

  it('does not import names that only appear in comments or string literals', () => {
    const source = `${banner}\n/** mentions Other */\nexport interface Ev {\n  k: 'Other'\n}\n`
    expect(addTypeImports(source, new Map([['Other', '../x']]))).toBe(source)
  })

  it('renders an index mapping each topic to its type and bundled schema', () => {
    const index = renderEventsIndex(banner, [
      { topic: 'b.two.v1', typeName: 'BTwoV1' },
      { topic: 'a.one.v1', typeName: 'AOneV1' },
    ])
    expect(index).toContain("export const eventTopics = ['a.one.v1', 'b.two.v1'] as const")
    expect(index).toContain("  'b.two.v1': BTwoV1")
    expect(index).toContain("import aOneV1Schema from './a.one.v1.bundled.json'")
    expect(index).toContain("  'a.one.v1': aOneV1Schema,")
  })
})
