/**
 * The banks a receipt of an unknown layout names (`families/find-bank-name.ts`), outside the values printed
 * on it (a recipient's or a sender's bank, names and messages are not the issuer):
 * - the issuer: the first bank the document names (its title, its footer's legal name);
 * - the recipient's bank when none is printed: the bank of `клиенту <банка>` (an intra-bank transfer), or the
 *   issuer on an incoming transfer (`Входящий перевод`, `Поступление`), as the families state it.
 */

import { normalizeText } from '../../vocabulary/text/normalize-text'
import type { Cell, Line } from '../../vocabulary/text/text-lines'
import { findBankNames } from '../families/find-bank-name'
import generic from '../families/generic.json'
import { otherValueCells } from './extract-generic'
import type { Readings } from './read-family-fields'

export interface GenericBanks {
  /** Canonical id of the bank the document is issued by, when it names one. */
  issuerBank: string | null
  /** The recipient's bank when the document implies it (no `Банк получателя` printed). */
  impliedBank: string | null
}

const fold = (text: string) => normalizeText(text).toLowerCase().replace(/ё/g, 'е')
const intraBank = generic.intraBank.map(fold)
const incoming = generic.incoming.map(fold)

export function readGenericBanks(lines: readonly Line[], readings: Readings<string>): GenericBanks {
  const valueCells = new Set<Cell>([
    ...Object.values(readings).flatMap((r) => r?.cells ?? []),
    ...otherValueCells(lines),
  ])
  const texts = lines.map((line) =>
    line.cells
      .filter((c) => !valueCells.has(c))
      .map((c) => c.text)
      .join(' '),
  )
  const issuerBank = texts.flatMap((t) => findBankNames(t))[0]?.bank ?? null
  return { issuerBank, impliedBank: intraBankOf(texts) ?? (isIncoming(texts) ? issuerBank : null) }
}

/** `… клиенту Альфа-Банка`: the bank named right after the word. */
function intraBankOf(texts: readonly string[]): string | null {
  for (const text of texts) {
    const folded = fold(text)
    for (const word of intraBank) {
      const at = folded.search(new RegExp(`(?<![\\p{L}])${word}\\s`, 'u'))
      if (at < 0) continue
      const named = findBankNames(text.slice(at + word.length + 1))[0]
      if (named && named.at === 0) return named.bank
    }
  }
  return null
}

function isIncoming(texts: readonly string[]): boolean {
  return texts.some((text) => incoming.some((phrase) => fold(text).startsWith(phrase)))
}
