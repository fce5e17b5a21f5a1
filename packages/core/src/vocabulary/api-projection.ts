/**
 * The HTTP API returns projections of the stored check record: POST /v1/checks answers with the full field
 * set, GET /v1/checks/{id} leaves out the members that identify the recipient or carry free text
 * (spec, "fields" and "match" tables). Projection copies only listed keys, so a member added to the record
 * later never leaks into a response by accident.
 */
import type { CheckRecord, MatchFlags, ReceiptFields } from '@rv/schemas'

/** Top-level members, identical for POST and GET (spec, "Check record, top level"). */
export const recordKeys = [
  'id',
  'status',
  'created_at',
  'tenant_id',
  'order_ref',
  'profile',
  'profile_version',
  'mode',
  'document',
  'fields',
  'match',
  'replay',
  'recommendation',
  'reasons',
  'error',
  'cost',
] as const satisfies readonly (keyof CheckRecord)[]

/** `fields` members returned by POST (spec, "fields", POST column). */
export const postFieldKeys = [
  'bank',
  'amount',
  'currency',
  'type',
  'status_ok',
  'receipt_number',
  'paid_at',
  'paid_at_source',
  'recipient_name',
  'recipient_account',
  'payment_reference',
  'purpose',
  'sender_name',
  'commission',
  'source',
  'language',
  'confidence',
] as const satisfies readonly (keyof ReceiptFields)[]

/** Members POST returns in `fields` and GET does not. */
export const postOnlyFieldKeys = ['bank', 'recipient_account', 'payment_reference', 'purpose'] as const

type PostOnlyFieldKey = (typeof postOnlyFieldKeys)[number]

/** `fields` members returned by GET (spec, "fields", GET column). */
export const getFieldKeys = postFieldKeys.filter(
  (k): k is Exclude<(typeof postFieldKeys)[number], PostOnlyFieldKey> =>
    !(postOnlyFieldKeys as readonly string[]).includes(k),
)

/** `match` members returned by POST (spec, "match", POST column). */
export const postMatchKeys = [
  'bank',
  'amount',
  'currency',
  'recipient',
  'window',
  'type',
  'status',
  'payment_reference',
] as const satisfies readonly (keyof MatchFlags)[]

/** `match` members returned by GET: all but payment_reference. */
export const getMatchKeys = postMatchKeys.filter(
  (k): k is Exclude<(typeof postMatchKeys)[number], 'payment_reference'> => k !== 'payment_reference',
)

export type GetResponseFields = Omit<ReceiptFields, PostOnlyFieldKey>
export type GetResponseMatch = Omit<MatchFlags, 'payment_reference'>

/** Body of POST /v1/checks: the record with every field and match flag. */
export type PostCheckResponse = CheckRecord

/** Body of GET /v1/checks/{id}: the record without the POST-only fields and match flags. */
export type GetCheckResponse = Omit<CheckRecord, 'fields' | 'match'> & {
  fields: GetResponseFields
  match: GetResponseMatch
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>
  for (const key of keys) out[key] = source[key]
  return out
}

function pickRecord(record: CheckRecord): CheckRecord {
  return pick(record, recordKeys)
}

/**
 * The body of POST /v1/checks.
 * @example toPostResponse(record).fields.purpose // present (possibly null)
 */
export function toPostResponse(record: CheckRecord): PostCheckResponse {
  const top = pickRecord(record)
  return {
    ...top,
    fields: pick(record.fields, postFieldKeys),
    match: pick(record.match, postMatchKeys),
  }
}

/**
 * The body of GET /v1/checks/{id}.
 * @example 'purpose' in toGetResponse(record).fields // false
 */
export function toGetResponse(record: CheckRecord): GetCheckResponse {
  const top = pickRecord(record)
  return {
    ...top,
    fields: pick(record.fields, getFieldKeys),
    match: pick(record.match, getMatchKeys),
  }
}
