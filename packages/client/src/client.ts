import { RvTimeoutError } from './api-error.js'
import { callApi, type HttpOptions, sleep } from './http.js'
import type {
  CheckDecisions,
  CheckRecord,
  CreditLine,
  CreditsAccepted,
  Expectation,
  Jwks,
  Settlement,
  SubmittedCheckRecord,
} from './types.js'
import { verifyEventSignature } from './verify-event.js'
import { type RecordVerification, verifyRecordSignature } from './verify-record.js'

export interface SubmitCheckInput {
  /** The receipt: PDF, PNG, JPEG, WebP or HEIC bytes. */
  file: Blob | Uint8Array
  filename?: string
  expectation?: Expectation
  /** Makes a retried submission return the same check (kept 24 h per tenant). */
  idempotencyKey?: string
  /** Ask the server to hold the answer until the check finishes, at most this long (`Prefer: wait`, ≤ 30). */
  waitSeconds?: number
}

export interface Submission {
  record: SubmittedCheckRecord
  /** The record is terminal (`done` or `failed`): the server's wait was enough. */
  finished: boolean
  /** An earlier request with the same idempotency key created this check. */
  replayed: boolean
}

/** A record as GET serves it, with its detached JWS (absent when the deployment signs nothing). */
export interface SignedRecord {
  record: CheckRecord
  signature: string | undefined
}

export interface WaitOptions {
  /** Give up after this long with `RvTimeoutError` (default 120 s). */
  timeoutMs?: number
  /** First poll interval (default 500 ms), doubling up to `maxPollMs` (default 5 s). */
  pollMs?: number
  maxPollMs?: number
}

const terminal = new Set(['done', 'failed'])
const jwksMaxAgeMs = 5 * 60_000

/**
 * The receipt verification API, typed from schemas/openapi.yaml.
 *
 * @example
 * const rv = createClient({ baseUrl: 'http://127.0.0.1:8080', apiKey })
 * const { record, signature } = await rv.submitAndWait({ file, expectation: { amount: 600 }, idempotencyKey })
 * if (!(await rv.verifyRecord({ record, signature })).ok) throw new Error('not from the service')
 */
export function createClient(options: HttpOptions) {
  const jwksCache: JwksCache = {}
  const getJson = <T>(path: string): Promise<T> => fetchJson<T>(options, path)

  const client = {
    /** POST /v1/checks: one receipt and what the merchant expects it to show. */
    submitCheck(input: SubmitCheckInput): Promise<Submission> {
      return postCheck(options, input)
    },

    /** GET /v1/checks/{id}: the record and its `RV-Record-Signature`. */
    getCheck(id: string): Promise<SignedRecord> {
      return readCheck(options, id)
    },

    /** Polls GET with backoff until the check is `done` or `failed`. */
    waitForResult(id: string, wait: WaitOptions = {}): Promise<SignedRecord> {
      return pollUntilFinished(client, id, wait)
    },

    /** Submits with the server's wait (`Prefer: wait`, 30 s by default), then polls; returns the signed GET record. */
    async submitAndWait(input: SubmitCheckInput, wait: WaitOptions = {}): Promise<SignedRecord> {
      const submitted = await client.submitCheck({ waitSeconds: 30, ...input })
      return client.waitForResult(submitted.record.id, wait)
    },

    /** GET /v1/checks/{id}/decisions: people's decisions from the review console, oldest first. */
    listDecisions: (id: string) => getJson<CheckDecisions>(`/v1/checks/${encodeURIComponent(id)}/decisions`),

    /** GET /v1/checks/{id}/settlement: the check against the merchant's incoming credits. */
    getSettlement: (id: string) => getJson<Settlement>(`/v1/checks/${encodeURIComponent(id)}/settlement`),

    /** POST /v1/credits: incoming payments from the merchant's bank feed (a known `line_id` is accepted again). */
    postCredits(lines: CreditLine[]): Promise<CreditsAccepted> {
      return sendCredits(options, lines)
    },

    /** GET /.well-known/jwks.json, kept five minutes (`fresh` refetches). */
    getJwks(fresh = false): Promise<Jwks> {
      return cachedJwks(options, jwksCache, fresh)
    },

    /**
     * Checks a record's signature against the service's keys (or `jwks` given, e.g. saved with the record).
     * A key id not in the cached set refetches it once: the key may be newer than the cache.
     */
    async verifyRecord(signed: SignedRecord, jwks?: Jwks): Promise<RecordVerification> {
      const { record, signature } = signed
      if (!signature) return { ok: false, reason: 'malformed' }
      return withKeys(client, (keys) => verifyRecordSignature(record, signature, keys), jwks)
    },

    /**
     * Checks a signed event — a result-topic event with its `signature`, or a webhook body — against the
     * service's keys (or `jwks` given); an unknown key id refetches the key set once, as `verifyRecord` does.
     */
    async verifyEvent(event: unknown, jwks?: Jwks): Promise<RecordVerification> {
      return withKeys(client, (keys) => verifyEventSignature(event, keys), jwks)
    },
  }
  return client
}

export type RvClient = ReturnType<typeof createClient>

/** The key set last fetched, and when. */
interface JwksCache {
  value?: { jwks: Jwks; at: number }
}

async function fetchJson<T>(options: HttpOptions, path: string): Promise<T> {
  return (await callApi(options, 'GET', path)).json() as Promise<T>
}

async function postCheck(options: HttpOptions, input: SubmitCheckInput): Promise<Submission> {
  const form = new FormData()
  const file = input.file instanceof Blob ? input.file : new Blob([input.file])
  form.set('file', file, input.filename ?? 'receipt')
  if (input.expectation !== undefined) form.set('expectation', JSON.stringify(input.expectation))
  const headers: Record<string, string> = {}
  if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey
  if (input.waitSeconds) headers['prefer'] = `wait=${Math.min(30, Math.ceil(input.waitSeconds))}`
  const res = await callApi(options, 'POST', '/v1/checks', { headers, body: form })
  const record = (await res.json()) as SubmittedCheckRecord
  return {
    record,
    finished: terminal.has(record.status),
    replayed: res.headers.get('idempotent-replayed') === 'true',
  }
}

async function readCheck(options: HttpOptions, id: string): Promise<SignedRecord> {
  const res = await callApi(options, 'GET', `/v1/checks/${encodeURIComponent(id)}`)
  return {
    record: (await res.json()) as CheckRecord,
    signature: res.headers.get('rv-record-signature') ?? undefined,
  }
}

/** Reads through `client.getCheck`, doubling the interval, until the record is terminal or time is up. */
async function pollUntilFinished(
  client: { getCheck(id: string): Promise<SignedRecord> },
  id: string,
  wait: WaitOptions,
): Promise<SignedRecord> {
  const started = Date.now()
  const timeoutMs = wait.timeoutMs ?? 120_000
  let interval = wait.pollMs ?? 500
  for (;;) {
    const current = await client.getCheck(id)
    if (terminal.has(current.record.status)) return current
    const left = timeoutMs - (Date.now() - started)
    if (left <= 0) throw new RvTimeoutError(id, current.record.status, Date.now() - started)
    await sleep(Math.min(interval, left))
    interval = Math.min(interval * 2, wait.maxPollMs ?? 5000)
  }
}

async function sendCredits(options: HttpOptions, lines: CreditLine[]): Promise<CreditsAccepted> {
  const res = await callApi(options, 'POST', '/v1/credits', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines }),
  })
  return (await res.json()) as CreditsAccepted
}

async function cachedJwks(options: HttpOptions, cache: JwksCache, fresh: boolean): Promise<Jwks> {
  if (!fresh && cache.value && Date.now() - cache.value.at < jwksMaxAgeMs) return cache.value.jwks
  const jwks = await fetchJson<Jwks>(options, '/.well-known/jwks.json')
  cache.value = { jwks, at: Date.now() }
  return jwks
}

/** The keys given, else the cached set, refetched once for a key id it does not hold (a newer key). */
async function withKeys(
  client: { getJwks(fresh?: boolean): Promise<Jwks> },
  verify: (jwks: Jwks) => Promise<RecordVerification>,
  jwks?: Jwks,
): Promise<RecordVerification> {
  if (jwks) return verify(jwks)
  const first = await verify(await client.getJwks())
  if (first.ok || first.reason !== 'unknown_kid') return first
  return verify(await client.getJwks(true))
}
