/**
 * `holdOffsets`: a handler may keep a message's work in memory and release its offset later. The group's
 * committed offset never passes a held message, so a consumer that stops (or dies) with it held has it
 * delivered again to the next member, with everything after it; released, the commit moves on.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { ConsumerHandle, ReleaseOffset } from '../src'
import { physicalTopic } from '../src/topics'
import { matchedEvent, newCheckId } from './sample-events'
import { committedTotal, createTestBus, randomName, type TestBus, waitFor } from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('consume({ holdOffsets })', () => {
  it('commits up to the oldest held message only, and past it once released', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus, prefix } = current
    const ids = Array.from({ length: 10 }, () => newCheckId())
    await bus.publishBatch(
      'check.matched.v1',
      ids.map((id) => ({ key: id, value: matchedEvent(id) })),
    )
    const groupId = randomName('group')
    const topic = physicalTopic(prefix, 'check.matched.v1')
    const handled: string[] = []
    let release: ReleaseOffset | undefined
    await bus.consume({
      groupId,
      topics: ['check.matched.v1'],
      holdOffsets: true,
      commitIntervalMs: 100,
      handle: async (m) => {
        if (m.offset === '3') release = m.hold?.()
        handled.push(m.offset)
      },
    })
    await waitFor(() => (handled.length === 10 ? true : undefined))
    await waitFor(async () => ((await committedTotal(groupId, topic)) === 3 ? true : undefined))
    // Several commit intervals later it still stands at the held offset.
    await sleep(500)
    expect(await committedTotal(groupId, topic)).toBe(3)
    expect(release).toBeDefined()
    release?.()
    await waitFor(async () => ((await committedTotal(groupId, topic)) === 10 ? true : undefined))
  })

  it('delivers a held message and every later one again to the next consumer of the group', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus } = current
    const ids = Array.from({ length: 6 }, () => newCheckId())
    await bus.publishBatch(
      'check.matched.v1',
      ids.map((id) => ({ key: id, value: matchedEvent(id) })),
    )
    const groupId = randomName('group')
    const first: string[] = []
    const consumer: ConsumerHandle = await bus.consume({
      groupId,
      topics: ['check.matched.v1'],
      holdOffsets: true,
      commitIntervalMs: 100,
      handle: async (m) => {
        if (m.offset === '2') m.hold?.()
        first.push(m.key)
      },
    })
    await waitFor(() => (first.length === 6 ? true : undefined))
    await consumer.stop()

    const second: string[] = []
    await bus.consume({
      groupId,
      topics: ['check.matched.v1'],
      holdOffsets: true,
      handle: async (m) => void second.push(m.key),
    })
    await waitFor(() => (second.length === 4 ? true : undefined))
    expect(second).toEqual(ids.slice(2))
  })

  it('offers no hold without the option', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const holds: unknown[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async (m) => void holds.push(m.hold),
    })
    await waitFor(() => (holds.length === 1 ? true : undefined))
    expect(holds).toEqual([undefined])
  })
})
