/**
 * The rule that keeps the vision model honest: every value it transcribes is interpreted by the same
 * parsers as printed text and then looked up in the OCR text (or the PDF text layer). Found: kept with
 * full confidence (less when found only through OCR-confusion folding). Not found: kept with low
 * confidence and a reason, so the decision never rests on a value only the model saw.
 */
import type { ReceiptFields } from '@rv/schemas'
import { monthsGenitive } from '../../vocabulary/text/month-names'
import { normalizeSpaces } from '../../vocabulary/text/normalize-text'
import { type LocalDateTime, moscowToEpochMs, toIsoUtc } from '../../vocabulary/time/moscow-time'
import { canonicalBank } from '../families/bank-names'
import type { ModelReading } from './model-reading'
import { findAmountInText, findInText, type MatchTier } from './ocr-tolerant-text'
import { parseCommission, parseMoney } from './parse-amount'
import { parseDateTime } from './parse-date-time'
import { parseStatus } from './parse-status'

/** Confidence of a model value by how it was found in the text. */
export const groundingConfidence = { plain: 0.99, fuzzy: 0.85, ungrounded: 0.3 } as const

export type GroundableField = Exclude<keyof ReceiptFields, 'type' | 'source' | 'language' | 'confidence'>

export interface GroundedReading {
  /** Interpreted model values; a field the model did not read, or that did not parse, is absent. */
  values: Partial<Pick<ReceiptFields, GroundableField>>
  confidence: Partial<Record<GroundableField, number>>
  /** `vlm_ungrounded:<field>` (not in the text) and `vlm_unparsed:<field>` (not a value of its kind). */
  reasons: string[]
}

const currencySigns: Record<string, readonly string[]> = {
  RUB: ['₽', 'руб', 'rub', 'rur', 'р.'],
  USD: ['$', 'usd', 'долл'],
  EUR: ['€', 'eur', 'евро'],
}

function best(tiers: readonly (MatchTier | null)[]): MatchTier | null {
  if (tiers.includes('plain')) return 'plain'
  return tiers.includes('fuzzy') ? 'fuzzy' : null
}

function worst(a: MatchTier | null, b: MatchTier | null): MatchTier | null {
  if (a === null || b === null) return null
  return a === 'fuzzy' || b === 'fuzzy' ? 'fuzzy' : 'plain'
}

function findDateTimeInText(local: LocalDateTime, text: string): MatchTier | null {
  const p = (n: number) => String(n).padStart(2, '0')
  const dates = [
    `${p(local.day)}.${p(local.month)}.${local.year}`,
    `${p(local.day)}.${p(local.month)}.${String(local.year).slice(2)}`,
    `${local.year}-${p(local.month)}-${p(local.day)}`,
    `${local.day} ${monthsGenitive[local.month - 1]} ${local.year}`,
  ]
  const hm = `${p(local.hour)}:${p(local.minute)}`
  const time = local.second === null ? hm : `${hm}:${p(local.second)}`
  return worst(
    best(dates.map((d) => findInText(d, text))),
    best([time, time.replace(/^0/, '')].map((t) => findInText(t, text))),
  )
}

function findCurrency(code: string, text: string): MatchTier | null {
  return best([code, ...(currencySigns[code] ?? [])].map((sign) => findInText(sign, text)))
}

/**
 * @example
 * groundModelReading(reading, ocrText).values.amount // the model's amount, if it parsed
 */
export function groundModelReading(reading: ModelReading, text: string): GroundedReading {
  const out: GroundedReading = { values: {}, confidence: {}, reasons: [] }
  const keep = <K extends GroundableField>(field: K, value: ReceiptFields[K], tier: MatchTier | null) => {
    out.values[field] = value
    out.confidence[field] = tier ? groundingConfidence[tier] : groundingConfidence.ungrounded
    if (!tier) out.reasons.push(`vlm_ungrounded:${field}`)
  }
  const unparsed = (field: GroundableField) => out.reasons.push(`vlm_unparsed:${field}`)

  if (reading.bank) {
    const bank = canonicalBank(reading.bank)
    if (bank) keep('bank', bank.value, findInText(reading.bank, text))
  }
  if (reading.amount) {
    const money = parseMoney(reading.amount)
    if (!money || money.value <= 0) unparsed('amount')
    else {
      keep('amount', money.value, findAmountInText(money.value, text))
      if (money.currency) keep('currency', money.currency, findCurrency(money.currency, text))
    }
  }
  if (reading.commission) {
    const money = parseCommission(reading.commission)
    if (!money || money.value < 0) unparsed('commission')
    else {
      const asWords = money.value === 0 ? findInText(reading.commission, text) : null
      keep('commission', money.value, asWords ?? findAmountInText(money.value, text))
    }
  }
  if (reading.status) {
    const ok = parseStatus(reading.status)
    if (ok === null) unparsed('status_ok')
    else keep('status_ok', ok, findInText(reading.status, text))
  }
  if (reading.paid_at) {
    const local = parseDateTime(reading.paid_at)
    if (!local) unparsed('paid_at')
    else {
      keep('paid_at', toIsoUtc(moscowToEpochMs(local)), findDateTimeInText(local, text))
      out.values.paid_at_source = 'model'
    }
  }
  if (reading.receipt_number) {
    const id = reading.receipt_number.replace(/\s+/g, '')
    keep('receipt_number', id, findInText(id, text))
  }
  for (const field of [
    'recipient_name',
    'recipient_account',
    'sender_name',
    'purpose',
    'payment_reference',
  ] as const) {
    const value = reading[field]
    if (value) keep(field, normalizeSpaces(value), findInText(value, text))
  }
  return out
}
