/**
 * Malformed HTTP requests: broken multipart envelopes, wrong and missing parts, hostile headers. Each is a
 * `fetch` init; the campaign counts the status and error code of the answer.
 */
import type { Prng } from './mutate'

export interface HostileRequest {
  name: string
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array | string
}

const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'

function multipart(parts: string[], close = true): string {
  return `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}${close ? `--${boundary}--\r\n` : ''}`
}

const filePart = (bytes: string, type = 'application/pdf', name = 'file') =>
  `Content-Disposition: form-data; name="${name}"; filename="r.pdf"\r\nContent-Type: ${type}\r\n\r\n${bytes}`

/** One malformed request, chosen and parameterised by `rng`; `key` is a valid API key. */
export function hostileRequest(rng: Prng, key: string, pdfText: string): HostileRequest {
  const auth = { authorization: `Bearer ${key}` }
  const form = { 'content-type': `multipart/form-data; boundary=${boundary}` }
  const cases: (() => HostileRequest)[] = [
    () => ({
      name: 'no-boundary',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, 'content-type': 'multipart/form-data' },
      body: multipart([filePart(pdfText)]),
    }),
    () => ({
      name: 'unclosed-multipart',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: multipart([filePart(pdfText)], false),
    }),
    () => ({
      name: 'no-file-part',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: multipart(['Content-Disposition: form-data; name="expectation"\r\n\r\n{}']),
    }),
    () => ({
      name: 'two-file-parts',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: multipart([filePart(pdfText), filePart(pdfText)]),
    }),
    () => ({
      name: 'expectation-garbage',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: multipart([
        filePart(pdfText),
        `Content-Disposition: form-data; name="expectation"\r\n\r\n${'{"amount":'.repeat(1 + rng.int(500))}`,
      ]),
    }),
    () => ({
      name: 'expectation-huge',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: multipart([
        filePart(pdfText),
        `Content-Disposition: form-data; name="expectation"\r\n\r\n{"order_ref":"${'x'.repeat(20_000)}"}`,
      ]),
    }),
    () => ({
      name: 'json-body',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"file":"x"}',
    }),
    () => ({
      name: 'empty-body',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: '',
    }),
    () => ({
      name: 'garbage-body',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: Uint8Array.from({ length: 1 + rng.int(4096) }, () => rng.int(256)),
    }),
    () => ({
      name: 'header-injection-filename',
      method: 'POST',
      path: '/v1/checks',
      headers: { ...auth, ...form },
      body: multipart([
        `Content-Disposition: form-data; name="file"; filename="a\\"; x=\\"../../etc/passwd"\r\nContent-Type: application/pdf\r\n\r\n${pdfText}`,
      ]),
    }),
    () => ({
      name: 'bad-token-shape',
      method: 'POST',
      path: '/v1/checks',
      headers: { authorization: `Bearer ${'A'.repeat(1 + rng.int(4000))}`, ...form },
      body: multipart([filePart(pdfText)]),
    }),
    () => ({
      name: 'basic-auth',
      method: 'GET',
      path: '/v1/checks/chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    }),
    () => ({
      name: 'bad-idempotency-key',
      method: 'POST',
      path: '/v1/checks',
      headers: {
        ...auth,
        ...form,
        'idempotency-key': rng.pick(['', ' ', 'x'.repeat(300), 'ключ', '\u0001']),
      },
      body: multipart([filePart(pdfText)]),
    }),
    () => ({
      name: 'bad-prefer',
      method: 'POST',
      path: '/v1/checks',
      headers: {
        ...auth,
        ...form,
        prefer: rng.pick(['wait=-1', 'wait=99999999999', 'wait="', 'respond-async, wait=abc']),
      },
      body: multipart([filePart('%PDF-1.4 nothing')]),
    }),
    () => ({
      name: 'bad-accept',
      method: 'GET',
      path: '/v1/checks/chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
      headers: { ...auth, accept: 'text/html' },
    }),
    () => ({
      name: 'bad-check-id',
      method: 'GET',
      path: `/v1/checks/${encodeURIComponent(rng.pick(['../../', 'chk_', '%00', 'x'.repeat(2000), '{"$ne":null}']))}`,
      headers: auth,
    }),
    () => ({
      name: 'unknown-route',
      method: rng.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS']),
      path: '/v1/checks',
      headers: auth,
    }),
  ]
  return rng.pick(cases)()
}
