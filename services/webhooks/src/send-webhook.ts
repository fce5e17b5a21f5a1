/**
 * One webhook request: POST the body with its headers to a checked address, wait at most `timeoutMs` for
 * the whole answer, never follow a redirect (a 3xx is a failed attempt), read at most a little of the
 * answer's body and drop it. Answers what the delivery log records.
 */
import http from 'node:http'
import https from 'node:https'
import type { WebhookAttempt } from '@rv/schemas'
import { createAddressGuard, pinnedLookup, type ResolveAll } from './guarded-lookup'

export type SendResult = Pick<WebhookAttempt, 'status_code' | 'error' | 'latency_ms'> & { detail?: string }

export type SendWebhook = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>

const maxAnswerBytes = 64 * 1024

/**
 * @example
 * const send = createWebhookSender({ timeoutMs: 10_000, allowList: [] })
 * await send('https://shop.example/hooks', { 'RV-Signature': '…' }, body)
 */
export function createWebhookSender(options: {
  timeoutMs: number
  allowList: readonly string[]
  resolve?: ResolveAll
  userAgent?: string
}): SendWebhook {
  const guard = createAddressGuard(options)
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  }
  return async (url, headers, body) => {
    const started = performance.now()
    const elapsed = () => Math.round(performance.now() - started)
    const target = new URL(url)
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return { status_code: null, error: 'connection_failed', latency_ms: 0, detail: 'not http(s)' }
    const verdict = await guard.check(target.hostname)
    if (!verdict.ok)
      return { status_code: null, error: verdict.error, latency_ms: elapsed(), detail: verdict.detail }
    const client = target.protocol === 'https:' ? https : http
    return new Promise<SendResult>((resolve) => {
      let settled = false
      const finish = (result: Omit<SendResult, 'latency_ms'>) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve({ ...result, latency_ms: elapsed() })
      }
      const request = client.request(
        target,
        {
          method: 'POST',
          agent: agents[target.protocol as 'http:' | 'https:'],
          lookup: pinnedLookup(verdict.addresses),
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': options.userAgent ?? 'rv-webhooks/1',
            ...headers,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0
          let read = 0
          response.on('data', (chunk: Buffer) => {
            read += chunk.length
            if (read > maxAnswerBytes) response.destroy()
          })
          const done = () =>
            finish({
              status_code: status,
              error:
                status >= 200 && status < 300
                  ? null
                  : status >= 300 && status < 400
                    ? 'redirect_not_followed'
                    : 'http_status',
            })
          response.on('end', done)
          response.on('close', done)
          response.on('error', done)
        },
      )
      const timer = setTimeout(() => {
        finish({ status_code: null, error: 'timeout' })
        request.destroy()
      }, options.timeoutMs)
      request.on('error', (error) =>
        finish({ status_code: null, error: 'connection_failed', detail: error.message }),
      )
      request.end(body)
    })
  }
}
