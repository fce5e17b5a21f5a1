/**
 * `consume({ coPartitioned: true })` on the real broker: two members of one group hold the same partitions
 * of every topic, say so through `ownership()`, and every message of one key — whichever topic it is
 * published to — reaches the same member; a member joining later starts a new generation.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { ConsumerHandle } from '../src/consumer-types'
import { matchedEvent, newCheckId, submittedEvent } from './sample-events'
import { createTestBus, randomName, type TestBus, waitFor } from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

describe('consume({ coPartitioned })', () => {
  it('brings every message of one key, across topics, to one member', async () => {
    current = await createTestBus({ partitions: 4 })
    const { bus } = current
    const groupId = randomName('group')
    const seen = new Map<string, Set<string>>() // key -> members that saw it
    const member = (name: string) =>
      bus.consume({
        groupId,
        topics: ['check.submitted.v1', 'check.matched.v1'],
        coPartitioned: true,
        handle: async (message) => {
          const members = seen.get(message.key) ?? new Set<string>()
          members.add(name)
          seen.set(message.key, members)
          expect(message.timestamp).toBeGreaterThan(Date.now() - 120_000)
        },
      })
    const a = await member('a')
    const firstOwnership = await waitFor(() => (a.ownership()?.coPartitioned ? a.ownership() : undefined))
    const b = await member('b')
    // Both rejoin after b arrives; each holds the same partitions of both topics, and says so.
    await waitFor(() => (both(a, b, (h) => h.ownership()?.coPartitioned) ? true : undefined), 60_000)
    expect(a.ownership()!.generation).toBeGreaterThan(firstOwnership!.generation)
    const ids = Array.from({ length: 40 }, () => newCheckId())
    for (const id of ids) await bus.publish('check.submitted.v1', id, submittedEvent(id))
    for (const id of ids) await bus.publish('check.matched.v1', id, matchedEvent(id))
    await waitFor(() => (ids.every((id) => seen.get(id)?.size) ? true : undefined), 60_000)
    // Give a stray second delivery to the other member time to show before judging.
    await new Promise((r) => setTimeout(r, 2000))
    const owners = ids.map((id) => [...(seen.get(id) ?? [])])
    expect(owners.every((o) => o.length === 1)).toBe(true)
    // Both members took part: the keys spread over the four partitions, two each.
    expect(new Set(owners.flat())).toEqual(new Set(['a', 'b']))
  })

  it('is not co-partitioned when the topics have different partition counts', async () => {
    current = await createTestBus({ partitions: 2, partitionsByTopic: { 'check.matched.v1': 3 } })
    const handle = await current.bus.consume({
      groupId: randomName('group'),
      topics: ['check.submitted.v1', 'check.matched.v1'],
      coPartitioned: true,
      handle: async () => undefined,
    })
    const own = await waitFor(() => handle.ownership())
    // The counts are read once per join; give the read its time before judging.
    await new Promise((r) => setTimeout(r, 3000))
    expect(own.generation).toBe(1)
    expect(handle.ownership()?.coPartitioned).toBe(false)
  })

  it('has no ownership without the option', async () => {
    current = await createTestBus()
    const handle = await current.bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async () => undefined,
    })
    expect(handle.ownership()).toBeUndefined()
  })
})

function both(a: ConsumerHandle, b: ConsumerHandle, f: (h: ConsumerHandle) => boolean | undefined): boolean {
  return Boolean(f(a) && f(b))
}
