import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api-error'
import { createBusBreaker } from './bus-breaker'

function clock(start = 1_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

function refusal(breaker: ReturnType<typeof createBusBreaker>): ApiError | undefined {
  try {
    breaker.assertAvailable()
    return undefined
  } catch (error) {
    return error as ApiError
  }
}

describe('createBusBreaker', () => {
  it('lets submissions through while publishing works', async () => {
    const breaker = createBusBreaker({ timeoutMs: 1000, cooldownMs: 5000 })
    expect(await breaker.watch(Promise.resolve())).toBe('published')
    expect(refusal(breaker)).toBeUndefined()
  })

  it('after a failed publish refuses with a coded 503 and Retry-After until the cooldown ends', async () => {
    const c = clock()
    const breaker = createBusBreaker({ timeoutMs: 1000, cooldownMs: 5000, now: c.now })
    expect(await breaker.watch(Promise.reject(new Error('broker down')))).toBe('failed')
    const refused = refusal(breaker)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused?.status).toBe(503)
    expect(refused?.code).toBe('service_unavailable')
    expect(refused?.retryable).toBe(true)
    expect(refused?.headers['retry-after']).toBe('5')
    c.advance(4500)
    expect(refusal(breaker)?.headers['retry-after']).toBe('1')
    c.advance(500)
    expect(refusal(breaker)).toBeUndefined()
  })

  it('answers pending for a slow publish without opening, and opens when it fails later', async () => {
    const breaker = createBusBreaker({ timeoutMs: 5, cooldownMs: 60_000 })
    let fail: (e: Error) => void = () => undefined
    const slow = new Promise<void>((_, reject) => {
      fail = reject
    })
    expect(await breaker.watch(slow)).toBe('pending')
    expect(refusal(breaker)).toBeUndefined()
    fail(new Error('gave up after retries'))
    await slow.catch(() => undefined)
    await Promise.resolve()
    expect(refusal(breaker)?.status).toBe(503)
  })

  it('closes again after a publish succeeds', async () => {
    const breaker = createBusBreaker({ timeoutMs: 1000, cooldownMs: 60_000 })
    await breaker.watch(Promise.reject(new Error('down')))
    expect(refusal(breaker)?.status).toBe(503)
    expect(await breaker.watch(Promise.resolve())).toBe('published')
    expect(refusal(breaker)).toBeUndefined()
  })
})
