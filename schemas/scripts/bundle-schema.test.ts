import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleSchema, type JsonValue, resolvePointer } from './bundle-schema'

/** An in-memory set of schema files, keyed by absolute path. */
function loaderOf(files: Record<string, JsonValue>) {
  return (path: string): JsonValue => {
    const doc = files[path]
    if (doc === undefined) throw new Error(`no such file ${path}`)
    return doc
  }
}

const record = resolve('/s/record.schema.json')
const event = resolve('/s/events/ev.schema.json')

const recordSchema: JsonValue = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://x/record.schema.json',
  title: 'Record',
  type: 'object',
  properties: { id: { type: 'string', pattern: '^r_' }, mode: { $ref: '#/$defs/Mode' } },
  $defs: {
    Mode: { type: 'string', enum: ['a', 'b'] },
    Pair: { type: 'array', items: { $ref: '#/$defs/Mode' } },
  },
}

describe('bundleSchema', () => {
  it('inlines references into other files and within the referenced file, leaving no $ref or $defs', () => {
    const load = loaderOf({
      [record]: recordSchema,
      [event]: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://x/events/ev.schema.json',
        title: 'Ev',
        type: 'object',
        properties: {
          id: { $ref: '../record.schema.json#/properties/id' },
          pair: { $ref: '../record.schema.json#/$defs/Pair' },
        },
      },
    })
    const out = bundleSchema(event, load)
    expect(out).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://x/events/ev.schema.json',
      title: 'Ev',
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^r_' },
        pair: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
    })
    expect(JSON.stringify(out)).not.toMatch(/\$ref|\$defs/)
  })

  it('turns a whole-document reference into the document under the referring root identity', () => {
    const load = loaderOf({
      [record]: recordSchema,
      [event]: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://x/events/ev.schema.json',
        title: 'Ev',
        $ref: '../record.schema.json',
      },
    })
    const out = bundleSchema(event, load)
    expect(out['$id']).toBe('https://x/events/ev.schema.json')
    expect(out['title']).toBe('Ev')
    expect(out['$schema']).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(out['properties']).toEqual({
      id: { type: 'string', pattern: '^r_' },
      mode: { type: 'string', enum: ['a', 'b'] },
    })
    expect(out).not.toHaveProperty('$defs')
  })

  it('merges annotation siblings of a $ref and keeps assertion siblings through allOf', () => {
    const load = loaderOf({
      [record]: recordSchema,
      [event]: {
        type: 'object',
        properties: {
          described: { $ref: '../record.schema.json#/$defs/Mode', description: 'why' },
          narrowed: { $ref: '../record.schema.json#/$defs/Mode', const: 'a' },
        },
      },
    })
    const props = bundleSchema(event, load)['properties'] as Record<string, JsonValue>
    expect(props['described']).toEqual({ type: 'string', enum: ['a', 'b'], description: 'why' })
    expect(props['narrowed']).toEqual({ const: 'a', allOf: [{ type: 'string', enum: ['a', 'b'] }] })
  })

  it('rejects recursive schemas, unresolvable pointers and absolute references', () => {
    const recursive = loaderOf({
      [event]: { $defs: { Node: { type: 'array', items: { $ref: '#/$defs/Node' } } }, $ref: '#/$defs/Node' },
    })
    expect(() => bundleSchema(event, recursive)).toThrow(/recursive/)
    const dangling = loaderOf({ [event]: { properties: { a: { $ref: '#/$defs/Missing' } } } })
    expect(() => bundleSchema(event, dangling)).toThrow(/does not resolve/)
    const absolute = loaderOf({ [event]: { properties: { a: { $ref: 'https://elsewhere/x.json' } } } })
    expect(() => bundleSchema(event, absolute)).toThrow(/absolute \$ref/)
  })
})

describe('resolvePointer', () => {
  it('decodes ~0 and ~1 escapes and array indices', () => {
    const doc: JsonValue = { 'a/b': { '~c': [10, 20] } }
    expect(resolvePointer(doc, '/a~1b/~0c/1', 'doc')).toBe(20)
    expect(resolvePointer(doc, '', 'doc')).toBe(doc)
  })
})
