import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../../error-handler/error-handler'
import type { GatewayEnv } from '../../gateway-env'
import { multipartBody } from './multipart-body'

function app() {
  const a = new Hono<GatewayEnv>()
  a.use(async (c, next) => {
    c.set('requestId', 'req_test')
    await next()
  })
  a.post('/x', multipartBody(), async (c) => {
    const body = await c.req.parseBody({ all: true })
    return c.json({ keys: Object.keys(body) })
  })
  a.onError(errorHandler())
  return a
}

describe('multipartBody', () => {
  it('given a malformed multipart body, then 400 invalid_request', async () => {
    const res = await app().request('/x', {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request')
  })

  it('given a good form, then the route reads the same parsed body', async () => {
    const form = new FormData()
    form.set('expectation', '{}')
    form.set('file', new Blob(['%PDF-']), 'a.pdf')
    const res = await app().request('/x', { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { keys: string[] }).keys.sort()).toEqual(['expectation', 'file'])
  })
})
