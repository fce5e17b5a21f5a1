import { readFileSync } from 'node:fs'
import { verifyRecordSignature } from './record-signature'
import { checkIdOf, type SignedEventVerification, verifySignedEvent } from './signed-event'
import type { Jwks } from './signing-key'

export interface VerifyRecordArgs {
  recordFile: string
  /**
   * The detached JWS; absent: the file is a saved event with its `signature` member (check.completed.v1,
   * check.settlement-changed.v1, check.reviewed.v1) or a webhook body whose `data` is one.
   */
  signature?: string
  /** A URL (the gateway's /.well-known/jwks.json) or a file holding the key set. */
  jwks: string
}

export const defaultJwksUrl = 'http://127.0.0.1:8080/.well-known/jwks.json'
export const verifyRecordUsage =
  'usage: npm run verify-record -- <record.json> [--signature <jws>] [--jwks <url-or-file>]\n' +
  '  record.json: a record (GET /v1/checks/{id} body) with --signature (its RV-Record-Signature header),\n' +
  '  or a saved event (check.completed.v1, check.settlement-changed.v1, check.reviewed.v1) or webhook body,\n' +
  '  whose `signature` member (in a webhook body: `data.signature`) is used. --jwks defaults to ' +
  defaultJwksUrl

/** Reads `npm run verify-record` arguments; undefined when they do not make sense. */
export function parseVerifyRecordArgs(argv: readonly string[]): VerifyRecordArgs | undefined {
  const rest = [...argv]
  const out: Partial<VerifyRecordArgs> = { jwks: defaultJwksUrl }
  while (rest.length > 0) {
    const arg = rest.shift()!
    if (arg === '--signature' || arg === '--jwks') {
      const value = rest.shift()
      if (!value) return undefined
      out[arg === '--signature' ? 'signature' : 'jwks'] = value
    } else if (arg.startsWith('--') || out.recordFile) return undefined
    else out.recordFile = arg
  }
  return out.recordFile ? (out as VerifyRecordArgs) : undefined
}

/**
 * Verifies one saved record or event offline against the service's key set: the record and its
 * `signature` given apart, or an event (or a webhook body) carrying its own; the keys from a URL or a file.
 */
export async function verifyRecordFile(args: VerifyRecordArgs): Promise<SignedEventVerification> {
  const saved = JSON.parse(readFileSync(args.recordFile, 'utf8')) as Record<string, unknown>
  const jwks = (
    /^https?:\/\//.test(args.jwks) ? await fetchJson(args.jwks) : JSON.parse(readFileSync(args.jwks, 'utf8'))
  ) as Jwks
  if (args.signature === undefined) return verifySignedEvent(saved, jwks)
  // A signature given on the command line is over the file as it is.
  const checkId = checkIdOf(saved)
  return { ...verifyRecordSignature(saved, args.signature, jwks), ...(checkId ? { checkId } : {}) }
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`)
  return res.json()
}
