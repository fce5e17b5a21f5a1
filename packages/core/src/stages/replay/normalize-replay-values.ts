/**
 * The values behind the replay keys, before hashing. Each is normalised so that two downloads of one
 * receipt give the same string, and two different operations almost never do.
 */
import type { ExtractionResult } from '../../vocabulary/stage-contracts'
import { families } from '../families/index'
import { canonicalBank } from '../match/bank-aliases'
import { canonicalCurrency, toMinorUnits } from '../match/match-amount'
import { maskedDigits } from '../match/match-masked-digits'
import { foldWords } from '../match/normalize-text'
import { skeleton } from '../match/transliterate'

/** Canonical bank id -> the family that bank issues (`alfabank` -> `alfa`). */
const familyOfIssuer: ReadonlyMap<string, string> = new Map(families.map((f) => [f.issuerBank, f.family]))

/** An SBP operation id: `[AB]` + year digit + day of year + UTC time + 21 more (FAMILIES.md). */
const sbpId = /^[AB]\d{10}[0-9A-Z]{21}$/

/** The bank a family belongs to (`vtb/sbp_outgoing` -> `vtb`), else the receipt's bank, else null. */
function issuingBank(extraction: Pick<ExtractionResult, 'family'>): string | null {
  const bank = extraction.family.split('/')[0]
  if (bank && bank !== 'unknown') return bank
  return null
}

/**
 * SBP ids are unique system-wide, so they stand alone (the payer's and the payee's receipts of one
 * transfer share it); a bank's own operation number is unique only within that bank.
 */
export function operationIdValue(extraction: Pick<ExtractionResult, 'family' | 'fields'>): string | null {
  const raw = extraction.fields.receipt_number
  if (raw === null) return null
  const number = raw.replace(/[\s\u00A0-]/g, '').toUpperCase()
  if (number === '') return null
  if (sbpId.test(number)) return `sbp:${number}`
  const printed = extraction.fields.bank ? canonicalBank(extraction.fields.bank) : null
  // A family's own name keys its numbers; the same bank read without a family (a picture the layout reader
  // did not recognise, a model's reading) keys under that name too, so a PDF and an image meet.
  const bank = issuingBank(extraction) ?? (printed === null ? null : (familyOfIssuer.get(printed) ?? printed))
  return bank === null ? null : `${bank}:${number}`
}

/** The document text as the content key sees it: whitespace collapsed, so a re-layout never splits it. */
export function collapseText(normalizedText: string): string {
  return normalizedText.replace(/\s+/g, ' ').trim()
}

/**
 * Amount in minor units + currency + recipient + the UTC minute of payment. The recipient is the printed
 * identifier's digits and the name's transliteration skeleton, so case or `ё` never split a key.
 */
export function semanticValue(extraction: Pick<ExtractionResult, 'fields'>): string | null {
  const f = extraction.fields
  if (f.amount === null || f.paid_at === null) return null
  const paid = Date.parse(f.paid_at)
  if (Number.isNaN(paid)) return null
  const account = f.recipient_account === null ? '' : maskedDigits(f.recipient_account)
  const name =
    f.recipient_name === null
      ? ''
      : foldWords(f.recipient_name)
          .split(' ')
          .map((w) => (w.includes('*') ? w : skeleton(w)))
          .join(' ')
  if (account === '' && name === '') return null
  const currency = canonicalCurrency(f.currency ?? 'RUB')
  const minute = new Date(paid - (paid % 60_000)).toISOString().slice(0, 16)
  return `${toMinorUnits(f.amount, currency)} ${currency}|${account}|${name}|${minute}Z`
}
