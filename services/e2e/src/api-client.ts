/** A minimal client of the HTTP API for end-to-end tests and benchmarks: exactly what a merchant sends. */
import { isTerminal } from '@rv/core/vocabulary'
import type { CheckRecord } from '@rv/schemas'

export interface SubmitOptions {
  expectation?: string
  headers?: Record<string, string>
  filename?: string
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
    /** Polls GET until the check is done or failed (the test runner's timeout bounds the wait). */
    async waitForTerminal(key: string, id: string): Promise<CheckRecord> {
      for (;;) {
        const record = (await (await get(key, id)).json()) as CheckRecord
        if (isTerminal(record.status)) return record
        await new Promise((r) => setTimeout(r, 100))
      }
    },
  }
}
