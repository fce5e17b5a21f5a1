import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry'
import { describe, expect, it } from 'vitest'
import { encodeWire, parseWirePayload, schemaIdOf } from './wire-format'

const value = { check_id: 'chk_1', tenant_id: 'ten_ü', match: { amount: true, type: null } }

describe('wire format', () => {
  it('writes magic byte 0, the id big-endian, then the JSON text', () => {
    const bytes = encodeWire(0x01020304, value)
    expect([...bytes.subarray(0, 5)]).toEqual([0, 1, 2, 3, 4])
    expect(bytes.subarray(5).toString('utf8')).toBe(JSON.stringify(value))
  })

  it('writes exactly what the registry client writes for the same id and value', async () => {
    const registry = new SchemaRegistry({ host: 'http://127.0.0.1:1' })
    const schema = { type: 'object' }
    // The client's cache is filled as a registration would: no registry is contacted.
    const cache = (registry as unknown as { cache: { setSchema: (...a: unknown[]) => unknown } }).cache
    const { schemaFromConfluentSchema } = await import(
      '@kafkajs/confluent-schema-registry/dist/schemaTypeResolver.js' as string
    )
    cache.setSchema(
      42,
      SchemaType.JSON,
      schemaFromConfluentSchema({ type: SchemaType.JSON, schema: JSON.stringify(schema) }, {}),
    )
    expect(encodeWire(42, value).equals(await registry.encode(42, value))).toBe(true)
    expect(await registry.decode(encodeWire(42, value))).toEqual(value)
  })

  it('reads the id back and parses the payload', () => {
    const bytes = encodeWire(9, value)
    expect(schemaIdOf(bytes)).toBe(9)
    expect(parseWirePayload(bytes)).toEqual(value)
  })

  it('has no id for bytes outside the format', () => {
    expect(schemaIdOf(Buffer.from([1, 0, 0, 0, 1, 123]))).toBeUndefined()
    expect(schemaIdOf(Buffer.from([0, 0, 0]))).toBeUndefined()
  })

  it('throws SyntaxError for a payload that is not JSON', () => {
    expect(() => parseWirePayload(Buffer.from([0, 0, 0, 0, 1, 0x7b]))).toThrow(SyntaxError)
  })
})
