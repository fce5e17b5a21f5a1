import { RvApiError, RvProtocolError } from './api-error.js'
import type { ApiErrorBody } from './types.js'

export interface HttpOptions {
  /** The gateway's base URL, e.g. `https://rv.example.com` (no trailing path). */
  baseUrl: string
  apiKey: string
  /** Retries of one call when the error body says `retryable: true` (default 3); nothing else is retried. */
  maxRetries?: number
  /** First backoff without `Retry-After` (default 200 ms), doubling per retry up to `retryMaxMs` (5 s). */
  retryBaseMs?: number
  retryMaxMs?: number
  /** A fetch of your own (a proxy agent, instrumentation); the global one by default. */
  fetch?: typeof fetch
}

/**
 * One API call: authenticated, JSON accepted; an error answer becomes an `RvApiError`, retried (with
 * `Retry-After`, else exponential backoff with jitter) only while its body says `retryable`.
 */
export async function callApi(
  options: HttpOptions,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | FormData } = {},
): Promise<Response> {
  const doFetch = options.fetch ?? fetch
  const maxRetries = options.maxRetries ?? 3
  for (let attempt = 0; ; attempt++) {
    const res = await doFetch(new URL(path, options.baseUrl), {
      method,
      headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    })
    if (res.ok) return res
    const error = await toApiError(res)
    if (!error.retryable || attempt >= maxRetries) throw error
    await sleep(retryDelayMs(attempt, error.retryAfterSeconds, options))
  }
}

/** `Retry-After` when given, else base·2^attempt capped, with full jitter over its upper half. */
export function retryDelayMs(
  attempt: number,
  retryAfterSeconds: number | undefined,
  options: Pick<HttpOptions, 'retryBaseMs' | 'retryMaxMs'>,
  random: () => number = Math.random,
): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds * 1000
  const ceiling = Math.min(options.retryMaxMs ?? 5000, (options.retryBaseMs ?? 200) * 2 ** attempt)
  return ceiling / 2 + random() * (ceiling / 2)
}

async function toApiError(res: Response): Promise<RvApiError> {
  const text = await res.text()
  let body: ApiErrorBody
  try {
    body = JSON.parse(text) as ApiErrorBody
  } catch {
    throw new RvProtocolError(
      res.status,
      `HTTP ${res.status} without the API's error body: ${text.slice(0, 200)}`,
    )
  }
  if (typeof body?.error?.code !== 'string')
    throw new RvProtocolError(
      res.status,
      `HTTP ${res.status} without the API's error body: ${text.slice(0, 200)}`,
    )
  const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN)
  return new RvApiError(res.status, body, Number.isFinite(retryAfter) ? retryAfter : undefined)
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
