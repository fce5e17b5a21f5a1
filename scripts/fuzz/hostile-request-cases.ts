/**
 * The malformed check requests, one row each, in the order `hostileRequest` draws from: method and path
 * (default `POST /v1/checks`), headers, body — each made from the valid key's headers, a PDF's text and the
 * draws when it needs them.
 */
import type { Prng } from './mutate'

/** What a row builds its request from. */
export interface HostileKit {
  rng: Prng
  pdfText: string
  /** `Authorization: Bearer <key>`. */
  auth: Record<string, string>
  /** The multipart content type with this file's boundary. */
  form: Record<string, string>
}

export interface HostileCase {
  name: string
  /** Default: POST. */
  method?: (k: HostileKit) => string
  /** Default: /v1/checks. */
  path?: (k: HostileKit) => string
  headers: (k: HostileKit) => Record<string, string>
  body?: (k: HostileKit) => Uint8Array | string
}

export const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'

function multipart(parts: string[], close = true): string {
  return `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}${close ? `--${boundary}--\r\n` : ''}`
}

const filePart = (bytes: string, type = 'application/pdf', name = 'file') =>
  `Content-Disposition: form-data; name="${name}"; filename="r.pdf"\r\nContent-Type: ${type}\r\n\r\n${bytes}`

const formWithKey = ({ auth, form }: HostileKit) => ({ ...auth, ...form })
const onePdf = ({ pdfText }: HostileKit) => multipart([filePart(pdfText)])
const get = () => 'GET'
const someCheck = () => '/v1/checks/chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W'

const envelopeCases: readonly HostileCase[] = [
  {
    name: 'no-boundary',
    headers: ({ auth }) => ({ ...auth, 'content-type': 'multipart/form-data' }),
    body: onePdf,
  },
  {
    name: 'unclosed-multipart',
    headers: formWithKey,
    body: ({ pdfText }) => multipart([filePart(pdfText)], false),
  },
  {
    name: 'no-file-part',
    headers: formWithKey,
    body: () => multipart(['Content-Disposition: form-data; name="expectation"\r\n\r\n{}']),
  },
  {
    name: 'two-file-parts',
    headers: formWithKey,
    body: ({ pdfText }) => multipart([filePart(pdfText), filePart(pdfText)]),
  },
  {
    name: 'expectation-garbage',
    headers: formWithKey,
    body: ({ rng, pdfText }) =>
      multipart([
        filePart(pdfText),
        `Content-Disposition: form-data; name="expectation"\r\n\r\n${'{"amount":'.repeat(1 + rng.int(500))}`,
      ]),
  },
  {
    name: 'expectation-huge',
    headers: formWithKey,
    body: ({ pdfText }) =>
      multipart([
        filePart(pdfText),
        `Content-Disposition: form-data; name="expectation"\r\n\r\n{"order_ref":"${'x'.repeat(20_000)}"}`,
      ]),
  },
  {
    name: 'json-body',
    headers: ({ auth }) => ({ ...auth, 'content-type': 'application/json' }),
    body: () => '{"file":"x"}',
  },
  { name: 'empty-body', headers: formWithKey, body: () => '' },
  {
    name: 'garbage-body',
    headers: formWithKey,
    body: ({ rng }) => Uint8Array.from({ length: 1 + rng.int(4096) }, () => rng.int(256)),
  },
  {
    name: 'header-injection-filename',
    headers: formWithKey,
    body: ({ pdfText }) =>
      multipart([
        `Content-Disposition: form-data; name="file"; filename="a\\"; x=\\"../../etc/passwd"\r\nContent-Type: application/pdf\r\n\r\n${pdfText}`,
      ]),
  },
]

const headerCases: readonly HostileCase[] = [
  {
    name: 'bad-token-shape',
    headers: ({ rng, form }) => ({ authorization: `Bearer ${'A'.repeat(1 + rng.int(4000))}`, ...form }),
    body: onePdf,
  },
  {
    name: 'basic-auth',
    method: get,
    path: someCheck,
    headers: () => ({ authorization: 'Basic dXNlcjpwYXNz' }),
  },
  {
    name: 'bad-idempotency-key',
    headers: (k) => ({
      ...formWithKey(k),
      'idempotency-key': k.rng.pick(['', ' ', 'x'.repeat(300), 'ключ', '\u0001']),
    }),
    body: onePdf,
  },
  {
    name: 'bad-prefer',
    headers: (k) => ({
      ...formWithKey(k),
      prefer: k.rng.pick(['wait=-1', 'wait=99999999999', 'wait="', 'respond-async, wait=abc']),
    }),
    body: () => multipart([filePart('%PDF-1.4 nothing')]),
  },
  {
    name: 'bad-accept',
    method: get,
    path: someCheck,
    headers: ({ auth }) => ({ ...auth, accept: 'text/html' }),
  },
  {
    name: 'bad-check-id',
    method: get,
    path: ({ rng }) =>
      `/v1/checks/${encodeURIComponent(rng.pick(['../../', 'chk_', '%00', 'x'.repeat(2000), '{"$ne":null}']))}`,
    headers: ({ auth }) => auth,
  },
  {
    name: 'unknown-route',
    method: ({ rng }) => rng.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS']),
    headers: ({ auth }) => auth,
  },
]

/** Every row, in draw order: broken envelopes and bodies, then hostile headers, methods and paths. */
export const hostileCases: readonly HostileCase[] = [...envelopeCases, ...headerCases]
