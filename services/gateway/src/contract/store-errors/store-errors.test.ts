import { describe, expect, it } from 'vitest'
import { storeError } from './store-errors'

const named = (name: string, cause?: unknown) => Object.assign(new Error('x', { cause }), { name })

describe('storeError', () => {
  it('maps unreachable and slow stores to 503 and 504, leaves the rest alone', () => {
    expect(storeError(named('MongoServerSelectionError'))).toMatchObject({
      status: 503,
      code: 'store_unavailable',
      retryable: true,
    })
    expect(storeError(named('Error', named('MongoNotConnectedError')))?.status).toBe(503)
    expect(storeError(named('MongoNetworkTimeoutError'))).toMatchObject({
      status: 504,
      code: 'store_timeout',
    })
    const reset = Object.assign(new Error('write ECONNRESET'), { code: 'ECONNRESET' })
    expect(storeError(reset)).toMatchObject({
      status: 503,
      code: 'store_unavailable',
      headers: { 'retry-after': '1' },
    })
    expect(storeError(Object.assign(new Error('other'), { code: 'ENOENT' }))).toBeUndefined()
    expect(storeError(new TypeError('bug'))).toBeUndefined()
    expect(storeError('string')).toBeUndefined()
  })
})
