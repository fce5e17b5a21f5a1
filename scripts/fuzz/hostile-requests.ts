/**
 * Malformed HTTP requests: broken multipart envelopes, wrong and missing parts, hostile headers. Each is a
 * `fetch` init; the campaign counts the status and error code of the answer.
 */
import { boundary, hostileCases } from './hostile-request-cases'
import type { Prng } from './mutate'

export interface HostileRequest {
  name: string
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array | string
}

/** One malformed request, chosen and parameterised by `rng` (rows: hostile-request-cases.ts); `key` is a valid API key. */
export function hostileRequest(rng: Prng, key: string, pdfText: string): HostileRequest {
  const kit = {
    rng,
    pdfText,
    auth: { authorization: `Bearer ${key}` },
    form: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
  const row = rng.pick(hostileCases)
  const request: HostileRequest = {
    name: row.name,
    method: row.method?.(kit) ?? 'POST',
    path: row.path?.(kit) ?? '/v1/checks',
    headers: row.headers(kit),
  }
  if (row.body) request.body = row.body(kit)
  return request
}
