import { createLogger } from '@rv/logger'
import type { ApiErrorResponse } from '@rv/schemas'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../error-handler/error-handler'
import type { GatewayEnv } from '../gateway-env'
import { requestId } from '../request-id/request-id'
import { idempotencyKey } from './idempotency-key'

function app() {
  const a = new Hono<GatewayEnv>()
  a.use(requestId({ logger: createLogger({ level: 'silent' }) }))
  a.use(idempotencyKey({ maxLength: 8 }))
  a.get('/', (c) => c.json({ key: c.get('idempotencyKey') }))
  a.onError(errorHandler())
  return a
}

describe('idempotencyKey', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['null', null],
    ['abc-1', 'abc-1'],
  ])('reads %s as %s', async (value, expected) => {
    const headers: Record<string, string> = value === undefined ? {} : { 'idempotency-key': value }
    const res = await app().request('/', { headers })
    expect(await res.json()).toEqual({ key: expected })
  })

  it.each(['123456789', 'a b'])('rejects %s', async (value) => {
    const res = await app().request('/', { headers: { 'idempotency-key': value } })
    expect(res.status).toBe(400)
    expect(((await res.json()) as ApiErrorResponse).error).toMatchObject({
      code: 'idempotency_key_invalid',
      param: 'idempotency-key',
    })
  })
})
