/**
 * Banks named in running text (`bank-names.json`): a title's `клиенту Альфа-Банка`, a footer's
 * `Банк ВТБ (ПАО)`. A name matches as whole words, in any case of the Russian declension a bank's name takes
 * in receipts (`Т-Банк`, `Т-Банка`, `Т-Банку`, `Т-Банком`, `Т-Банке`); quotes, `ё` and hyphens are folded as
 * `canonicalBank` folds them. A bank's web or mail domain (`fb@tbank.ru`, `www.gazprombank.ru`;
 * `bank-domains.json`) names it too: a receipt's footer often carries no name but its support address.
 */

import domains from './bank-domains.json'
import { bankKey as fold } from './bank-names'
import table from './bank-names.json'

export interface NamedBank {
  /** Canonical id. */
  bank: string
  /** Offset of the name in the folded text (earlier first). */
  at: number
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const proseWords = new Set(['сбер', 'озон', 'открытие'])

/** One pattern per name; names ending in a consonant take the case endings -а, -у, -ом, -е. */
const patterns = Object.entries(table as Record<string, string[]>).flatMap(([bank, names]) =>
  names
    .map(fold)
    // Words that name a bank in a table cell but are ordinary words in prose.
    .filter((name) => !proseWords.has(name))
    .map((name) => {
      const ending = /[бвгджзклмнпрстфхцчшщ]$/.test(name) ? '(?:а|у|ом|е)?' : ''
      return {
        bank,
        length: name.length,
        re: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}${ending}(?![\\p{L}\\p{N}])`, 'gu'),
      }
    }),
)

/** A domain, or any host under it, as a whole word (`support@sub.bank.ru`, not `notbank.ru`). */
const domainPatterns = Object.entries(domains as Record<string, string[]>).flatMap(([bank, names]) =>
  names.map((name) => ({
    bank,
    length: name.length,
    re: new RegExp(
      `(?<![\\p{L}\\p{N}.-])(?:[a-z0-9]+\\.)*${escapeRegExp(fold(name))}(?![\\p{L}\\p{N}])`,
      'gu',
    ),
  })),
)

/** Every bank named in `text`, in order of appearance (the longest name wins where names overlap). */
export function findBankNames(text: string): NamedBank[] {
  const folded = fold(text)
  const hits: (NamedBank & { end: number; length: number })[] = []
  for (const { bank, length, re } of [...patterns, ...domainPatterns]) {
    for (const m of folded.matchAll(re)) hits.push({ bank, at: m.index, end: m.index + m[0].length, length })
  }
  hits.sort((a, b) => a.at - b.at || b.length - a.length)
  const out: NamedBank[] = []
  let covered = -1
  for (const hit of hits) {
    if (hit.at < covered) continue
    out.push({ bank: hit.bank, at: hit.at })
    covered = hit.end
  }
  return out
}
