/**
 * One spelling for text that banks draw in several: NBSP and other fixed-width spaces become a plain
 * space, the non-breaking and other typographic hyphens (VTB draws U+2011 inside phones and bank names)
 * become '-', runs of spaces collapse. Every parser and every comparison reads normalised text.
 */
const spaces = /[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]/g
const hyphens = /[\u2010\u2011\u2012\u2043\u2212]/g
const zeroWidth = /[\u200b-\u200d\u2060\ufeff]/g
/**
 * Control characters print nothing, and a hostile file can put them in any string (a NUL in a name is refused by
 * PostgreSQL-backed stores and would dead-letter the check): line breaks read as spaces, the rest as nothing.
 */
const lineBreaks = /[\n\v\f\r\u0085\u2028\u2029]/g
const controls = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g

export function normalizeText(text: string): string {
  return text
    .replace(controls, '')
    .replace(zeroWidth, '')
    .replace(lineBreaks, ' ')
    .replace(spaces, ' ')
    .replace(hyphens, '-')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/**
 * Spaces only: for values reported "as printed" (accounts, phones, names, messages), where VTB's U+2011
 * hyphens are part of what the receipt shows. Comparisons still use `normalizeText`.
 */
export function normalizeSpaces(text: string): string {
  return text
    .replace(controls, '')
    .replace(zeroWidth, '')
    .replace(lineBreaks, ' ')
    .replace(spaces, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/** Compares labels and titles: normalised, case-folded, `ё` as `е`, trailing colon ignored. */
export function labelKey(text: string): string {
  return normalizeText(text).toLowerCase().replace(/ё/g, 'е').replace(/\s*:$/, '')
}
