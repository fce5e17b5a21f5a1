import { describe, expect, it } from 'vitest'
import type { JsonValue } from './bundle-schema'
import { draft07, toDraft07 } from './to-draft-07'

describe('toDraft07', () => {
  it('relabels a reference-free schema that only uses keywords meaning the same in both drafts', () => {
    const schema: { [key: string]: JsonValue } = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://x/ev.schema.json',
      title: 'Ev',
      type: 'object',
      additionalProperties: false,
      required: ['a'],
      properties: {
        a: { type: ['string', 'null'], pattern: '^x' },
        n: { type: 'number', exclusiveMinimum: 0 },
        list: { type: 'array', items: { oneOf: [{ const: 1 }, { type: 'null' }] } },
        map: { type: 'object', additionalProperties: { type: 'number' } },
      },
    }
    const out = toDraft07(schema)
    expect(out['$schema']).toBe(draft07)
    expect(out['$id']).toBe('https://x/ev.schema.json')
    expect({ ...out, $schema: schema['$schema'] }).toEqual(schema)
  })

  it('treats property names as names, not keywords', () => {
    expect(() => toDraft07({ type: 'object', properties: { prefixItems: { type: 'string' } } })).not.toThrow()
  })

  it('refuses keywords whose meaning differs or that draft-07 lacks', () => {
    expect(() => toDraft07({ type: 'array', prefixItems: [{ type: 'string' }] })).toThrow(/prefixItems/)
    expect(() => toDraft07({ type: 'array', items: [{ type: 'string' }] })).toThrow(/tuple/)
    expect(() => toDraft07({ properties: { a: { $ref: '#/$defs/A' } } })).toThrow(/\$ref/)
    expect(() => toDraft07({ unevaluatedProperties: false })).toThrow(/unevaluatedProperties/)
    expect(() => toDraft07({ exclusiveMinimum: true })).toThrow(/must be a number/)
  })
})
