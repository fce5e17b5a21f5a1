/**
 * Printed bank names to canonical ids (`bank-names.json`, data like the families). A name that is not in
 * the table stays as printed (normalised): the record's `bank` is "a canonical id when known, else the
 * printed name".
 */
import { normalizeText } from '../../vocabulary/text/normalize-text'
import table from './bank-names.json'

/** A printed name folded for comparison: case, `ё`, quotes, hyphens and runs of spaces. */
export function bankKey(name: string): string {
  return normalizeText(name)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"'“”]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim()
}

const byKey = new Map<string, string>()
for (const [id, names] of Object.entries(table as Record<string, string[]>)) {
  for (const name of names) byKey.set(bankKey(name), id)
}

export interface BankName {
  value: string
  /** True when the name was found in the table. */
  canonical: boolean
}

export function canonicalBank(printed: string): BankName | null {
  const text = normalizeText(printed)
  if (text === '') return null
  const id = byKey.get(bankKey(text))
  return id ? { value: id, canonical: true } : { value: text, canonical: false }
}
