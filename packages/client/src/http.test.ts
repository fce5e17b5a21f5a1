import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { RvApiError, RvProtocolError } from './api-error.js'
import { callApi, retryDelayMs } from './http.js'

type Handler = (req: IncomingMessage, res: ServerResponse) => void
let close: (() => void) | undefined
afterEach(() => close?.())

/** A real HTTP server on loopback answering each request in turn with the next handler. */
async function serve(...handlers: Handler[]): Promise<{ baseUrl: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = []
  const server = createServer((req, res) => {
    seen.push(req)
    const handler = handlers[Math.min(seen.length - 1, handlers.length - 1)]!
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  close = () => server.close()
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

function error(
  status: number,
  code: string,
  retryable: boolean,
  headers: Record<string, string> = {},
): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(
      JSON.stringify({
        error: { type: 'api_error', code, message: code, retryable, request_id: 'req_1' },
      }),
    )
  }
}
const ok: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end('{"ok":true}')
}
const fast = { retryBaseMs: 1, retryMaxMs: 2 }

describe('callApi', () => {
  it('retries an answer whose body says retryable, honouring Retry-After, then succeeds', async () => {
    const { baseUrl, seen } = await serve(
      error(503, 'store_unavailable', true, { 'retry-after': '0' }),
      error(429, 'rate_limited', true),
      ok,
    )
    const res = await callApi({ baseUrl, apiKey: 'k', ...fast }, 'GET', '/v1/checks/chk_1')
    expect(await res.json()).toEqual({ ok: true })
    expect(seen).toHaveLength(3)
    expect(seen[0]!.headers.authorization).toBe('Bearer k')
  })

  it('never retries what the body calls not retryable, whatever the status, and throws its code', async () => {
    const { baseUrl, seen } = await serve(error(500, 'internal_error', false), ok)
    const err = await callApi({ baseUrl, apiKey: 'k', ...fast }, 'GET', '/x').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RvApiError)
    expect(err).toMatchObject({ status: 500, code: 'internal_error', retryable: false, requestId: 'req_1' })
    expect(seen).toHaveLength(1)
  })

  it('gives up after maxRetries with the last error', async () => {
    const { baseUrl, seen } = await serve(error(503, 'store_unavailable', true))
    const err = await callApi({ baseUrl, apiKey: 'k', maxRetries: 2, ...fast }, 'GET', '/x').catch(
      (e: unknown) => e,
    )
    expect(err).toMatchObject({ code: 'store_unavailable', retryable: true })
    expect(seen).toHaveLength(3)
  })

  it("names an answer that is not the API's error body", async () => {
    const { baseUrl } = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html>bad gateway</html>')
    })
    await expect(callApi({ baseUrl, apiKey: 'k' }, 'GET', '/x')).rejects.toBeInstanceOf(RvProtocolError)
  })
})

describe('retryDelayMs', () => {
  it('takes Retry-After, else doubles from the base up to the cap, jittered within its upper half', () => {
    expect(retryDelayMs(0, 7, {})).toBe(7000)
    expect(retryDelayMs(0, undefined, {}, () => 0)).toBe(100)
    expect(retryDelayMs(0, undefined, {}, () => 1)).toBe(200)
    expect(retryDelayMs(3, undefined, {}, () => 1)).toBe(1600)
    expect(retryDelayMs(10, undefined, {}, () => 1)).toBe(5000)
  })
})
