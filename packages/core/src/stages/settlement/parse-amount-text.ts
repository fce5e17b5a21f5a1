/**
 * An amount as statements write it: `600.00`, `600,00`, `1 234,56` (spaces, non-breaking spaces or
 * apostrophes grouping thousands). Null for anything else, so a bad cell is reported, never guessed.
 */
export function parseAmountText(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f']/g, '')
  if (!/^\d+(?:[.,]\d{1,2})?$/.test(compact)) return null
  const value = Number(compact.replace(',', '.'))
  return Number.isFinite(value) && value > 0 ? value : null
}
