import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api-error'
import { createBusBreaker, PublishTimeoutError } from './bus-breaker'

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
    expect(await breaker.publish(async () => undefined)).toEqual({ published: true })
    expect(refusal(breaker)).toBeUndefined()
  })

  it('after a failed publish refuses with a coded 503 and Retry-After until the cooldown ends', async () => {
    const c = clock()
    const breaker = createBusBreaker({ timeoutMs: 1000, cooldownMs: 5000, now: c.now })
    const outcome = await breaker.publish(async () => {
      throw new Error('broker down')
    })
    expect(outcome.published).toBe(false)
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

  it('bounds a publish that never settles and closes again after a good one', async () => {
    const breaker = createBusBreaker({ timeoutMs: 5, cooldownMs: 0 })
    const outcome = await breaker.publish(() => new Promise<void>(() => undefined))
    expect(outcome).toMatchObject({ published: false })
    expect((outcome as { error: unknown }).error).toBeInstanceOf(PublishTimeoutError)
    expect(await breaker.publish(async () => undefined)).toEqual({ published: true })
    expect(refusal(breaker)).toBeUndefined()
  })
})
