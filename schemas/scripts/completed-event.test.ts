/**
 * check.completed.v1 is the check record plus its `signature` beside it. The event schema lists the record's
 * members by reference (a closed record cannot be extended by `$ref`), so this test keeps the two in step:
 * bundled, every member but `signature` is the record's own, and the same members are required.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundleSchema } from './bundle-schema'

const jsonDir = join(import.meta.dirname, '..', 'json')

describe('check.completed.v1', () => {
  const record = bundleSchema(join(jsonDir, 'check-record.schema.json')) as Record<string, unknown>
  const event = bundleSchema(join(jsonDir, 'events', 'check.completed.v1.schema.json')) as Record<
    string,
    unknown
  >

  it("is the record's members, each the record's own schema, plus an optional signature", () => {
    const { signature, ...members } = event['properties'] as Record<string, unknown>
    expect(members).toEqual(record['properties'])
    expect(signature).toMatchObject({ type: 'string' })
    expect(event['required']).toEqual(record['required'])
    expect(event['additionalProperties']).toBe(false)
  })
})
