import { exampleRecord } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { createQueueFeeder } from './queue-feeder'

const review: CheckRecord = { ...exampleRecord(), status: 'done', recommendation: 'review' }

function recordingQueue() {
  const calls: string[] = []
  return {
    calls,
    queue: {
      enqueue: async () => void calls.push('enqueue'),
      eraseCheck: async (id: string) => void calls.push(`erase ${id}`),
    } as unknown as Parameters<typeof createQueueFeeder>[0],
  }
}

describe('queue feeder', () => {
  it('queues a finished check sent to review', async () => {
    const { calls, queue } = recordingQueue()
    await createQueueFeeder(queue, async () => false)(review)
    expect(calls).toEqual(['enqueue'])
  })

  it('never queues a check erased before its completed event arrives', async () => {
    const { calls, queue } = recordingQueue()
    await createQueueFeeder(queue, async () => true)(review)
    expect(calls).toEqual([])
  })

  it('takes its entry back when the erasure ran between the look and the insert', async () => {
    const { calls, queue } = recordingQueue()
    const looks: string[] = []
    await createQueueFeeder(queue, async (_tenant, _check, look) => looks.push(look) > 1)(review)
    expect(calls).toEqual(['enqueue', `erase ${review.id}`])
    // Only the first look may answer the tenant from memory; the one after the insert is the guard.
    expect(looks).toEqual(['before', 'after'])
  })
})
