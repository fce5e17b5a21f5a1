import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkIdShape, isCheckId } from './check-id-shape'

describe('isCheckId', () => {
  it('is the record schema’s pattern', () => {
    const schema = JSON.parse(
      readFileSync(new URL('../../../../../schemas/json/check-record.schema.json', import.meta.url), 'utf8'),
    ) as { properties: { id: { pattern: string } } }
    expect(checkIdShape.source).toBe(schema.properties.id.pattern)
  })

  it('refuses anything that could leave its path segment', () => {
    expect(isCheckId('chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W')).toBe(true)
    for (const bad of [
      '../../api/sign-out',
      'chk_ab/../../x',
      'chk_0123456789%2F',
      'chk_0123456789?x',
      'chk_',
      7,
    ])
      expect(isCheckId(bad)).toBe(false)
  })
})
