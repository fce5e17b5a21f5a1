import { describe, expect, it } from 'vitest'
import { SECTION_END, SECTION_START, sectionOf, withSection } from './doc-section'

describe('the market-behaviour section of a page', () => {
  it('is appended once, then replaced in place, leaving the rest of the page alone', () => {
    const page = '# Title\n\nbody\n'
    const first = withSection(page, '## Market behaviours\n\nold $& figures')
    expect(first).toBe(
      `# Title\n\nbody\n\n${SECTION_START}\n\n## Market behaviours\n\nold $& figures\n\n${SECTION_END}\n`,
    )
    const second = withSection(`${first}\n## After\n`, 'new')
    expect(second).toBe(`# Title\n\nbody\n\n${SECTION_START}\n\nnew\n\n${SECTION_END}\n\n## After\n`)
    expect(sectionOf(second)).toBe(`${SECTION_START}\n\nnew\n\n${SECTION_END}`)
    expect(sectionOf(page)).toBeNull()
  })
})
