import { afterEach, describe, expect, it } from 'vitest'
import { createConsumerReadiness } from './consumer-readiness'
import { type HealthServer, type Readiness, startHealthServer } from './health-server'

let server: HealthServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function get(
  path: string,
  method = 'GET',
): Promise<{ status: number; body: unknown; type: string | null }> {
  const res = await fetch(`${server!.url}${path}`, { method })
  const text = await res.text()
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    type: res.headers.get('content-type'),
  }
}

describe('startHealthServer', () => {
  it('binds the asked host on a free port and reports the URL it bound', async () => {
    server = await startHealthServer({ host: '127.0.0.1', port: 0, readiness: () => ({ ready: true }) })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.url).not.toMatch(/:0$/)
  })

  it('answers /healthz 200 ok whatever readiness says', async () => {
    server = await startHealthServer({
      host: '127.0.0.1',
      port: 0,
      readiness: () => ({ ready: false, reason: 'consumer_starting' }),
    })
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' }, type: 'application/json' })
  })

  it('answers /readyz from readiness as it is at each request', async () => {
    let state: Readiness = { ready: false, reason: 'consumer_starting' }
    server = await startHealthServer({ host: '127.0.0.1', port: 0, readiness: () => state })
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'not_ready', reason: 'consumer_starting' },
      type: 'application/json',
    })
    state = { ready: true }
    expect(await get('/readyz?verbose=1')).toEqual({
      status: 200,
      body: { status: 'ready' },
      type: 'application/json',
    })
    state = { ready: false, reason: 'consumer_not_running' }
    expect((await get('/readyz')).body).toEqual({ status: 'not_ready', reason: 'consumer_not_running' })
  })

  it('is not ready when the readiness check itself throws', async () => {
    server = await startHealthServer({
      host: '127.0.0.1',
      port: 0,
      readiness: () => {
        throw new Error('boom')
      },
    })
    expect(await get('/readyz')).toMatchObject({
      status: 503,
      body: { status: 'not_ready', reason: 'readiness_check_failed' },
    })
  })

  it('answers 404 to any other path or method', async () => {
    server = await startHealthServer({ host: '127.0.0.1', port: 0, readiness: () => ({ ready: true }) })
    expect(await get('/')).toMatchObject({ status: 404, body: { status: 'not_found' } })
    expect(await get('/healthz/x')).toMatchObject({ status: 404 })
    expect(await get('/v1/checks')).toMatchObject({ status: 404 })
    expect(await get('/readyz', 'POST')).toMatchObject({ status: 404 })
  })

  it('stops listening once closed (close is idempotent)', async () => {
    server = await startHealthServer({ host: '127.0.0.1', port: 0, readiness: () => ({ ready: true }) })
    const { url } = server
    await get('/healthz')
    await server.close()
    await server.close()
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  })

  it('rejects when the port is taken', async () => {
    server = await startHealthServer({ host: '127.0.0.1', port: 0, readiness: () => ({ ready: true }) })
    const port = Number(new URL(server.url).port)
    await expect(
      startHealthServer({ host: '127.0.0.1', port, readiness: () => ({ ready: true }) }),
    ).rejects.toThrow(/EADDRINUSE/)
  })
})

describe('createConsumerReadiness', () => {
  it('is starting until a consumer is watched, then follows every consumer', () => {
    const ready = createConsumerReadiness()
    expect(ready.readiness()).toEqual({ ready: false, reason: 'consumer_starting' })
    let first = true
    let second = true
    ready.watch({ isRunning: () => first })
    ready.watch({ isRunning: () => second })
    expect(ready.readiness()).toEqual({ ready: true })
    second = false
    expect(ready.readiness()).toEqual({ ready: false, reason: 'consumer_not_running' })
    second = true
    first = false
    expect(ready.readiness()).toEqual({ ready: false, reason: 'consumer_not_running' })
  })
})

describe('startHealthServer /metrics', () => {
  it('serves the exposition it is given, with its content type', async () => {
    server = await startHealthServer({
      host: '127.0.0.1',
      port: 0,
      readiness: () => ({ ready: true }),
      metrics: async () => ({ contentType: 'text/plain; version=0.0.4', body: 'rv_x_total 1\n' }),
    })
    const res = await fetch(`${server.url}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4')
    expect(await res.text()).toBe('rv_x_total 1\n')
  })

  it('answers 404 while metrics are off, and 500 when rendering fails', async () => {
    let render = async (): Promise<{ contentType: string; body: string } | undefined> => undefined
    server = await startHealthServer({
      host: '127.0.0.1',
      port: 0,
      readiness: () => ({ ready: true }),
      metrics: () => render(),
    })
    expect(await get('/metrics')).toMatchObject({ status: 404 })
    render = async () => Promise.reject(new Error('boom'))
    expect(await get('/metrics')).toMatchObject({ status: 500, body: { status: 'metrics_failed' } })
  })
})
