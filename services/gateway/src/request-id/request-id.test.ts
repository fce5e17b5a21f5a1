import { createLogger } from '@rv/logger'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { GatewayEnv } from '../gateway-env'
import { requestId } from './request-id'

const logger = createLogger({ level: 'silent' })

function app() {
  const a = new Hono<GatewayEnv>()
  a.use(requestId({ logger, generate: () => 'req_generated' }))
  a.get('/', (c) => c.text(c.get('requestId')))
  return a
}

describe('requestId', () => {
  it('generates an id and echoes it in the header', async () => {
    const res = await app().request('/')
    expect(await res.text()).toBe('req_generated')
    expect(res.headers.get('request-id')).toBe('req_generated')
  })

  it("keeps a client's sane id", async () => {
    const res = await app().request('/', { headers: { 'request-id': 'abc-123' } })
    expect(await res.text()).toBe('abc-123')
  })

  it('logs one line per request without its body', async () => {
    const lines: Record<string, unknown>[] = []
    const a = new Hono<GatewayEnv>()
    a.use(
      requestId({
        logger: createLogger({ write: (l) => lines.push(JSON.parse(l)) }),
        generate: () => 'req_x',
      }),
    )
    a.post('/v1/checks/:id', (c) => c.text('ok', 202))
    await a.request('/v1/checks/chk_1', { method: 'POST', body: 'SECRET-RECEIPT-CONTENT' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      msg: 'request',
      request_id: 'req_x',
      method: 'POST',
      path: '/v1/checks/:id',
      status: 202,
    })
    expect(JSON.stringify(lines)).not.toContain('SECRET')
  })

  it('replaces an unsafe id', async () => {
    const res = await app().request('/', { headers: { 'request-id': 'a b\u0007' } })
    expect(await res.text()).toBe('req_generated')
  })
})
