/**
 * Replay keys are digests, never values: the replay store holds no personal data. Tenant scope (the
 * default) mixes the tenant id in, so two tenants' keys never collide. Global scope (for cross-tenant
 * detection, a profile option) drops the tenant and needs the system secret: an HMAC over the normalised
 * values, so a key cannot be brute-forced back into an amount and a phone number by anyone without it.
 *
 * Across tenants only `crossTenantReplayKinds` are looked up: the file's digest and the operation id (SBP
 * id, operation number), which a tenant cannot guess about another's payments. A semantic key (amount,
 * currency, recipient, minute) looked up across tenants would let a tenant probe another's incoming
 * payments with made-up receipts; the text digest would too, for a template holding nothing but those
 * values. The other global digests are kept with the registration, only to be compared once a file or an
 * operation id matched (edited copy or the same receipt again).
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { ReplayKey } from '@rv/schemas'
import type { ExtractionResult, ReplayKeys } from '../../vocabulary/stage-contracts'
import { collapseText, operationIdValue, semanticValue } from './normalize-replay-values'

export type ReplayScope = 'tenant' | 'global'

/**
 * What the keys are formed from. The text enters only as its digest (`normalizedTextDigest`), since the
 * bus carries the digest, never the text: the in-process `verify` and the replay service then form
 * identical keys from one receipt.
 */
export interface ReplayExtraction extends Pick<ExtractionResult, 'family' | 'fields'> {
  /** `normalizedTextDigest(extraction.normalizedText)` */
  normalizedTextSha256: string
}

export interface DeriveReplayKeysInput {
  /** Hex SHA-256 of the uploaded bytes, computed by the caller (the gateway hashes while storing). */
  fileSha256: string
  /** Null when extraction failed: only the file key can be formed. */
  extraction: ReplayExtraction | null
  tenantId: string
  /** System secret for the HMAC; without it tenant-scoped keys are plain SHA-256. Required for 'global'. */
  keySecret?: string
  scope?: ReplayScope
}

/** The kinds looked up across tenants (global scope): values another tenant cannot guess. */
export const crossTenantReplayKinds: readonly ReplayKey[] = ['file_sha256', 'operation_id']

/** Bumped if normalisation changes, so old and new keys never compare equal by accident. */
const version = 'rv-replay-v1'

export function digestSha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)))
}

/**
 * The one digest of a document's text that replay keys are formed from (and the extraction service puts
 * on the bus as `normalized_text_sha256`): SHA-256 of the whitespace-collapsed text.
 * @example normalizedTextDigest('a  b\n') === normalizedTextDigest('a b')
 */
export function normalizedTextDigest(normalizedText: string): string {
  return digestSha256Hex(collapseText(normalizedText))
}

/** Empty text gives no content key: an unreadable page is not a receipt. */
const emptyTextDigest = normalizedTextDigest('')

/** The replay view of an in-process extraction. */
export function toReplayExtraction(extraction: ExtractionResult): ReplayExtraction {
  return {
    family: extraction.family,
    fields: extraction.fields,
    normalizedTextSha256: normalizedTextDigest(extraction.normalizedText),
  }
}

/**
 * @example deriveReplayKeys({ fileSha256, extraction, tenantId: 't1' }).operation_id // 64 hex chars
 */
export function deriveReplayKeys(input: DeriveReplayKeysInput): ReplayKeys {
  const scope = input.scope ?? 'tenant'
  if (scope === 'global' && !input.keySecret) throw new Error('global replay keys need a key secret')
  const secret = input.keySecret ? utf8ToBytes(input.keySecret) : null
  const scopeTag = scope === 'global' ? 'global' : `tenant:${input.tenantId}`
  const digest = (kind: ReplayKey, value: string): string => {
    const message = utf8ToBytes(`${version}\u0000${scopeTag}\u0000${kind}\u0000${value}`)
    return bytesToHex(secret ? hmac(sha256, secret, message) : sha256(message))
  }
  const keys: ReplayKeys = {}
  const file = input.fileSha256.trim().toLowerCase()
  if (/^[0-9a-f]{64}$/.test(file)) keys.file_sha256 = digest('file_sha256', file)
  const e = input.extraction
  if (e === null) return keys
  const text = e.normalizedTextSha256.trim().toLowerCase()
  const values: [ReplayKey, string | null][] = [
    ['content_hash', /^[0-9a-f]{64}$/.test(text) && text !== emptyTextDigest ? text : null],
    ['operation_id', operationIdValue(e)],
    ['semantic', semanticValue(e)],
  ]
  for (const [kind, value] of values) if (value !== null) keys[kind] = digest(kind, value)
  return keys
}
