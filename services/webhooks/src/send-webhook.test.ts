import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAddressGuard } from './guarded-lookup'
import { createWebhookSender } from './send-webhook'

let server: Server
let base: string
const received: { path: string; headers: IncomingMessage['headers']; body: string }[] = []

function route(req: IncomingMessage, res: ServerResponse, body: string): void {
  received.push({ path: req.url ?? '', headers: req.headers, body })
  if (req.url === '/ok') res.writeHead(204).end()
  else if (req.url === '/fail') res.writeHead(500).end('no')
  else if (req.url === '/redirect') res.writeHead(302, { Location: `${base}/ok` }).end()
  else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 2000)
  else res.writeHead(404).end()
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => route(req, res, body))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
})

const loopback = createWebhookSender({ timeoutMs: 500, allowList: ['127.0.0.1/32'] })

describe('createWebhookSender', () => {
  it('posts the body with its headers and reports a 2xx as delivered', async () => {
    const result = await loopback(`${base}/ok`, { 'RV-Event-Id': 'evt_1' }, '{"a":1}')
    expect(result).toMatchObject({ status_code: 204, error: null })
    expect(result.latency_ms).toBeGreaterThanOrEqual(0)
    const last = received.at(-1)!
    expect(last.body).toBe('{"a":1}')
    expect(last.headers['rv-event-id']).toBe('evt_1')
    expect(last.headers['content-type']).toBe('application/json')
  })

  it('reports a non-2xx status', async () => {
    expect(await loopback(`${base}/fail`, {}, '{}')).toMatchObject({ status_code: 500, error: 'http_status' })
  })

  it('never follows a redirect', async () => {
    const before = received.length
    expect(await loopback(`${base}/redirect`, {}, '{}')).toMatchObject({
      status_code: 302,
      error: 'redirect_not_followed',
    })
    expect(received.slice(before).map((r) => r.path)).toEqual(['/redirect'])
  })

  it('gives up at the timeout', async () => {
    expect(await loopback(`${base}/slow`, {}, '{}')).toMatchObject({ status_code: null, error: 'timeout' })
  })

  it('refuses loopback without the allow-list, before any request', async () => {
    const before = received.length
    const send = createWebhookSender({ timeoutMs: 500, allowList: [] })
    expect(await send(`${base}/ok`, {}, '{}')).toMatchObject({ status_code: null, error: 'address_refused' })
    expect(received.length).toBe(before)
  })

  it('reports a connection that fails', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    expect(await loopback(`http://127.0.0.1:${port}/`, {}, '{}')).toMatchObject({
      error: 'connection_failed',
    })
  })
})

describe('createAddressGuard', () => {
  it('refuses a name when any of its addresses is special-purpose', async () => {
    const guard = createAddressGuard({
      allowList: [],
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    })
    expect(await guard.check('mixed.example')).toMatchObject({ ok: false, error: 'address_refused' })
  })

  it('refuses localhost, link-local metadata and a bracketed IPv6 loopback; allows public names', async () => {
    const guard = createAddressGuard({
      allowList: [],
      resolve: async (host) =>
        host === 'localhost'
          ? [{ address: '127.0.0.1', family: 4 }]
          : [{ address: '93.184.216.34', family: 4 }],
    })
    expect((await guard.check('localhost')).ok).toBe(false)
    expect((await guard.check('169.254.169.254')).ok).toBe(false)
    expect((await guard.check('[::1]')).ok).toBe(false)
    expect(await guard.check('shop.example')).toEqual({
      ok: true,
      addresses: [{ address: '93.184.216.34', family: 4 }],
    })
  })

  it('reports a name that does not resolve', async () => {
    const guard = createAddressGuard({
      allowList: [],
      resolve: async () => {
        throw new Error('ENOTFOUND')
      },
    })
    expect(await guard.check('nowhere.invalid')).toMatchObject({ ok: false, error: 'dns_failed' })
  })
})
