/** A minimal client of the HTTP API for end-to-end tests and benchmarks: exactly what a merchant sends. */
import { isTerminal } from '@rv/core/vocabulary'
import type { CheckRecord } from '@rv/schemas'

export interface SubmitOptions {
  expectation?: string
  headers?: Record<string, string>
  filename?: string
}

export interface WaitOptions {
  timeoutMs?: number
  /** What to add when the wait fails, e.g. the services' states (RunningServices.describe). */
  explain?: () => string
}

/** Where a check stood when a bounded wait gave up: the answer's first lines, then `explain`. */
function notTerminal(id: string, httpStatus: number, record: CheckRecord, options: WaitOptions): string {
  const seen = JSON.stringify(record).slice(0, 400)
  const why = options.explain?.() ?? ''
  return `check ${id} not finished after ${options.timeoutMs} ms: GET answered ${httpStatus} ${seen}${why ? `\n${why}` : ''}`
}

/**
 * @example
 * const api = createApiClient(() => services.baseUrl)
 * const res = await api.submit(key, pdf, { headers: { prefer: 'wait=30' } })
 */
export function createApiClient(baseUrl: () => string) {
  function get(key: string | null, id: string): Promise<Response> {
    return fetch(`${baseUrl()}/v1/checks/${id}`, key ? { headers: { authorization: `Bearer ${key}` } } : {})
  }

  return {
    submit(key: string | null, file: Uint8Array, options: SubmitOptions = {}): Promise<Response> {
      const form = new FormData()
      form.set('file', new Blob([file], { type: 'application/pdf' }), options.filename ?? 'receipt.pdf')
      if (options.expectation !== undefined) form.set('expectation', options.expectation)
      const headers: Record<string, string> = { ...options.headers }
      if (key) headers.authorization = `Bearer ${key}`
      return fetch(`${baseUrl()}/v1/checks`, { method: 'POST', body: form, headers })
    },
    get,
    /**
     * Polls GET until the check is done or failed. Without `timeoutMs` the test runner's timeout bounds the
     * wait; with it, the wait fails first and says where the check stood and, from `explain`, why.
     */
    async waitForTerminal(key: string, id: string, options: WaitOptions = {}): Promise<CheckRecord> {
      const deadline = Date.now() + (options.timeoutMs ?? Number.POSITIVE_INFINITY)
      for (;;) {
        const res = await get(key, id)
        const record = (await res.json()) as CheckRecord
        if (isTerminal(record.status)) return record
        if (Date.now() > deadline) throw new Error(notTerminal(id, res.status, record, options))
        await new Promise((r) => setTimeout(r, 100))
      }
    },
  }
}
