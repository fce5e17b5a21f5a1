/** `ConsumerHandle.isRunning()` on the real broker: true once the consumer has joined its group, false once stopped. */
import { afterEach, describe, expect, it } from 'vitest'
import { createTestBus, randomName, type TestBus } from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

describe('ConsumerHandle.isRunning', () => {
  it('is true after consume() resolved (group joined) and false after stop()', async () => {
    current = await createTestBus()
    const handle = await current.bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async () => undefined,
    })
    // kafkajs joins the group inside run(), so consume() resolving means GROUP_JOIN was seen.
    expect(handle.isRunning()).toBe(true)
    await handle.stop()
    expect(handle.isRunning()).toBe(false)
  })

  it('is false after the bus closes its consumers', async () => {
    current = await createTestBus()
    const handle = await current.bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async () => undefined,
    })
    expect(handle.isRunning()).toBe(true)
    await current.bus.close()
    expect(handle.isRunning()).toBe(false)
  })
})
