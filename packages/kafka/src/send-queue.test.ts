import { describe, expect, it } from 'vitest'
import { createSendQueue, type TopicBatch } from './send-queue'

const message = (key: string) => ({ key, value: Buffer.from(key), headers: {} })
const keys = (batches: TopicBatch[]) =>
  batches.map((b) => `${b.topic}:${b.messages.map((m) => m.key).join(',')}`)

/** A send that resolves when the test says so, recording what each call carried. */
function heldSend() {
  const calls: TopicBatch[][] = []
  const releases: ((error?: Error) => void)[] = []
  const send = (batches: TopicBatch[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push(batches)
      releases.push((error) => (error ? reject(error) : resolve()))
    })
  return { calls, send, release: (i: number, error?: Error) => releases[i]!(error) }
}

describe('send queue: publishes behind a send in flight leave in one request', () => {
  it('sends the first at once, then everything that queued meanwhile in one call, in call order per topic', async () => {
    const held = heldSend()
    const publish = createSendQueue(held.send)
    const first = publish('a', [message('1')])
    expect(keys(held.calls[0]!)).toEqual(['a:1'])
    const rest = [publish('a', [message('2')]), publish('b', [message('x')]), publish('a', [message('3')])]
    expect(held.calls).toHaveLength(1)
    held.release(0)
    await first
    await new Promise((r) => setImmediate(r))
    expect(keys(held.calls[1]!)).toEqual(['a:2,3', 'b:x'])
    held.release(1)
    await Promise.all(rest)
    expect(held.calls).toHaveLength(2)
  })

  it('fails every caller of a failed send, and only those; the queue goes on', async () => {
    const held = heldSend()
    const publish = createSendQueue(held.send)
    const first = publish('a', [message('1')])
    const second = publish('a', [message('2')])
    const third = publish('a', [message('3')])
    held.release(0)
    await first
    await new Promise((r) => setImmediate(r))
    held.release(1, new Error('broker down'))
    await expect(second).rejects.toThrow('broker down')
    await expect(third).rejects.toThrow('broker down')
    const fourth = publish('a', [message('4')])
    expect(keys(held.calls[2]!)).toEqual(['a:4'])
    held.release(2)
    await fourth
  })
})
