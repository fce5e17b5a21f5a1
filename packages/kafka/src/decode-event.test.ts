import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry'
import { describe, expect, it } from 'vitest'
import { matchedEvent } from '../test/sample-events'
import { decodeEvent } from './decode-event'
import type { KafkaStageError } from './errors'
import { encodeWire } from './wire-format'

/** A registry client that decodes like the real one (JSON after the header) and counts its calls. */
function countingRegistry() {
  const calls: number[] = []
  const registry = {
    decode: async (bytes: Buffer) => {
      calls.push(bytes.readInt32BE(1))
      return JSON.parse(bytes.toString('utf8', 5))
    },
  } as unknown as SchemaRegistry
  return { registry, calls }
}

const value = matchedEvent('chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W')

describe('decodeEvent', () => {
  it("decodes a message written with this build's schema without the registry client", async () => {
    const { registry, calls } = countingRegistry()
    expect(await decodeEvent(registry, 'check.matched.v1', encodeWire(7, value), 7)).toEqual(value)
    expect(calls).toEqual([])
  })

  it("sends a message written with another schema through the registry client (writer's schema)", async () => {
    const { registry, calls } = countingRegistry()
    expect(await decodeEvent(registry, 'check.matched.v1', encodeWire(8, value), 7)).toEqual(value)
    expect(await decodeEvent(registry, 'check.matched.v1', encodeWire(8, value))).toEqual(value)
    expect(calls).toEqual([8, 8])
  })

  it("still validates against this build's schema on the short path", async () => {
    const { registry } = countingRegistry()
    const bad = { ...value, match: { ...value.match, amount: 'yes' } }
    const error = await decodeEvent(registry, 'check.matched.v1', encodeWire(7, bad), 7).catch((e) => e)
    expect((error as KafkaStageError).code).toBe('invalid_event')
    expect((error as KafkaStageError).retryable).toBe(false)
  })

  it('refuses bytes that are not JSON, or not in the wire format, as undecodable', async () => {
    const { registry } = countingRegistry()
    const notJson = Buffer.concat([encodeWire(7, value).subarray(0, 5), Buffer.from('{oops')])
    const codes = await Promise.all(
      [notJson, Buffer.from('{"check_id":1}'), Buffer.alloc(0)].map((bytes) =>
        decodeEvent(registry, 'check.matched.v1', bytes, 7).catch((e: KafkaStageError) => e.code),
      ),
    )
    expect(codes).toEqual(['undecodable_event', 'undecodable_event', 'undecodable_event'])
  })
})
