import { afterEach, describe, expect, it, vi } from 'vitest'
import { fixKafkajsIdleLoop, requestQueueClass } from './kafkajs-idle-loop'

const silentLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }

function newQueue(maxInFlightRequests = 1) {
  const RequestQueue = requestQueueClass() as unknown as new (
    options: object,
  ) => {
    throttledUntil: number
    throttleCheckTimeoutId: unknown
    pending: unknown[]
    inflight: Map<number, unknown>
    checkPendingRequests(): void
    push(request: object): void
    destroy(): void
  }
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'b:1',
    logger: silentLogger,
  })
}

function request(correlationId: number, sent: number[]) {
  return {
    entry: {
      apiKey: 1,
      apiName: 'Fetch',
      apiVersion: 11,
      correlationId,
      resolve: () => {},
      reject: () => {},
    },
    expectResponse: true,
    sendRequest: () => sent.push(correlationId),
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('fixKafkajsIdleLoop', () => {
  it('is applied to the installed kafkajs', () => {
    expect(fixKafkajsIdleLoop()).toBe(true)
  })

  it('arms no timer when nothing is pending and nothing throttles (kafkajs 2.2.4 armed one, forever)', () => {
    fixKafkajsIdleLoop()
    vi.useFakeTimers()
    const queue = newQueue()
    queue.checkPendingRequests()
    expect(queue.throttleCheckTimeoutId).toBeNull()
    expect(vi.getTimerCount()).toBe(0)
    queue.destroy()
  })

  it('still sends a request that waited for a free in-flight slot', () => {
    fixKafkajsIdleLoop()
    vi.useFakeTimers()
    const queue = newQueue(1)
    const sent: number[] = []
    queue.push(request(1, sent))
    queue.push(request(2, sent))
    expect(sent).toEqual([1])
    expect(queue.pending).toHaveLength(1)
    // The first one is answered: the queue is checked at once and the second goes out.
    queue.inflight.delete(1)
    vi.advanceTimersByTime(10)
    expect(sent).toEqual([1, 2])
    expect(queue.pending).toHaveLength(0)
    queue.destroy()
  })

  it('waits out a broker throttle, then sends', () => {
    fixKafkajsIdleLoop()
    vi.useFakeTimers()
    const queue = newQueue(5)
    const sent: number[] = []
    queue.throttledUntil = Date.now() + 500
    queue.push(request(1, sent))
    expect(sent).toEqual([])
    vi.advanceTimersByTime(499)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual([1])
    expect(vi.getTimerCount()).toBe(0)
    queue.destroy()
  })
})
