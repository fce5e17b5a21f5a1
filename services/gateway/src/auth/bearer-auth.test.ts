import { createLogger } from '@rv/logger'
import type { ApiErrorResponse } from '@rv/schemas'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../error-handler/error-handler'
import type { GatewayEnv } from '../gateway-env'
import { requestId } from '../request-id/request-id'
import { bearerAuth } from './bearer-auth'

const keys = new Map([['rvk_live_good', { id: 'ten_a', scopes: ['checks:read'] }]])

function app() {
  const a = new Hono<GatewayEnv>()
  a.use(requestId({ logger: createLogger({ level: 'silent' }) }))
  a.use(bearerAuth({ authenticate: async (token) => keys.get(token) }))
  a.get('/', (c) => c.text(c.get('tenant').id))
  a.onError(errorHandler())
  return a
}

describe('bearerAuth', () => {
  it('sets the tenant for a valid key', async () => {
    const res = await app().request('/', { headers: { authorization: 'Bearer rvk_live_good' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('ten_a')
  })

  it('answers token_missing without a header', async () => {
    const res = await app().request('/')
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toContain('Bearer')
    expect(((await res.json()) as ApiErrorResponse).error).toMatchObject({
      code: 'token_missing',
      type: 'authentication_error',
    })
  })

  it.each(['Bearer rvk_live_bad', 'Basic dXNlcjpwYXNz', 'Bearer', 'rvk_live_good'])(
    'answers token_invalid for %s',
    async (authorization) => {
      const res = await app().request('/', { headers: { authorization } })
      expect(res.status).toBe(401)
      expect(((await res.json()) as ApiErrorResponse).error.code).toBe('token_invalid')
    },
  )
})

describe('bearerAuth: a token of the wrong shape costs no lookup', () => {
  it('refuses it as token_invalid without calling authenticate; a well-formed one is looked up', async () => {
    const looked: string[] = []
    const a = new Hono<GatewayEnv>()
    a.use(requestId({ logger: createLogger({ level: 'silent' }) }))
    a.use(
      bearerAuth({
        authenticate: async (token) => {
          looked.push(token)
          return undefined
        },
        wellFormed: (token) => /^rvk_live_[0-9A-Za-z]{40}$/.test(token),
      }),
    )
    a.get('/', (c) => c.text('ok'))
    a.onError(errorHandler())
    for (const token of ['x', 'rvk_live_short', `rvk_live_${'a'.repeat(41)}`, `${'A'.repeat(5000)}`]) {
      const res = await a.request('/', { headers: { authorization: `Bearer ${token}` } })
      expect(res.status).toBe(401)
      expect(((await res.json()) as ApiErrorResponse).error.code).toBe('token_invalid')
    }
    expect(looked).toEqual([])
    const shaped = `rvk_live_${'a'.repeat(40)}`
    expect((await a.request('/', { headers: { authorization: `Bearer ${shaped}` } })).status).toBe(401)
    expect(looked).toEqual([shaped])
  })
})
