/**
 * Publishes made at once leave in shared produce requests (send-queue.ts) and still arrive complete, each
 * key's messages in call order.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { matchedEvent, newCheckId } from './sample-events'
import { createTestBus, randomName, type TestBus, waitFor } from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

describe('concurrent publishes', () => {
  it('all arrive, in call order per key', async () => {
    current = await createTestBus()
    const { bus } = current
    const keys = [newCheckId(), newCheckId(), newCheckId()]
    // Each message's value names its place in the call order (check_id), its key groups it.
    const sent = Array.from({ length: 60 }, (_, i) => ({ key: keys[i % 3]!, id: newCheckId() }))
    await Promise.all(sent.map((m) => bus.publish('check.matched.v1', m.key, matchedEvent(m.id))))
    const received: { key: string; id: string }[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async (m) => void received.push({ key: m.key, id: m.value.check_id }),
    })
    await waitFor(() => (received.length === 60 ? true : undefined))
    for (const key of keys) {
      expect(received.filter((m) => m.key === key).map((m) => m.id)).toEqual(
        sent.filter((m) => m.key === key).map((m) => m.id),
      )
    }
  })
})
