/**
 * Reads one raw value by its format. Every parser refuses what it does not recognise: a null here leaves the
 * field empty rather than wrong.
 */

import type { FieldFormat } from '../../vocabulary/family-definition'
import { isSbpId } from '../../vocabulary/text/decode-sbp-id'
import { normalizeSpaces, normalizeText } from '../../vocabulary/text/normalize-text'
import type { LocalDateTime } from '../../vocabulary/time/moscow-time'
import { canonicalBank } from '../families/bank-names'
import { type Money, parseCommission, parseMoney } from './parse-amount'
import { findDateTime, parseDateTime } from './parse-date-time'
import { parsePayerText } from './parse-payer-text'
import { parseStatus } from './parse-status'

export type Interpreted =
  | { kind: 'money'; money: Money }
  | { kind: 'datetime'; local: LocalDateTime; text: string }
  | { kind: 'status'; ok: boolean }
  | { kind: 'bank'; value: string; canonical: boolean }
  | { kind: 'text'; value: string }

/** Parts of a wrapped value are joined without a space for ids, with one for everything else. */
export function joinParts(parts: readonly string[], format: FieldFormat): string {
  return format === 'sbp_id' || format === 'reference' ? parts.join('') : parts.join(' ')
}

export function interpretValue(raw: string, format: FieldFormat): Interpreted | null {
  const text = normalizeText(raw)
  if (text === '') return null
  switch (format) {
    case 'amount': {
      const money = parseMoney(text)
      return money && money.value >= 0 ? { kind: 'money', money } : null
    }
    case 'commission': {
      const money = parseCommission(text)
      return money && money.value >= 0 ? { kind: 'money', money } : null
    }
    case 'datetime': {
      const local = parseDateTime(text)
      if (local) return { kind: 'datetime', local, text }
      const found = findDateTime(text)
      return found ? { kind: 'datetime', local: found.value, text: found.text } : null
    }
    case 'sbp_id': {
      const id = text.replace(/\s/g, '')
      return isSbpId(id) ? { kind: 'text', value: id } : null
    }
    case 'status': {
      const ok = parseStatus(text)
      return ok === null ? null : { kind: 'status', ok }
    }
    case 'bank': {
      const bank = canonicalBank(text)
      return bank ? { kind: 'bank', ...bank } : null
    }
    case 'reference': {
      const value = text.replace(/\s/g, '')
      return /^[0-9A-Za-z][0-9A-Za-z\-/]{2,63}$/.test(value) ? { kind: 'text', value } : null
    }
    case 'name':
    case 'text':
      return { kind: 'text', value: normalizeSpaces(raw) }
    case 'organisation':
    case 'after_organisation': {
      const payer = parsePayerText(normalizeSpaces(raw))
      if (!payer) return null
      return { kind: 'text', value: format === 'organisation' ? payer.organisation : payer.purpose }
    }
  }
}
