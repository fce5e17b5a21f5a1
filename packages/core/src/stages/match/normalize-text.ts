/**
 * Text folding shared by the matchers. Receipts print U+2011 NON-BREAKING HYPHEN (VTB), NBSP (Alfa) and
 * `ё`; clients type ASCII. Everything is folded to one form before any comparison.
 */

/** Every dash-like code point a receipt or a client may use. */
const dashes = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g
/** NBSP, narrow NBSP, thin and other fixed-width spaces. */
const spaces = /[\u00A0\u2000-\u200B\u202F\u205F\u3000\s]+/g

/** Lower case, `ё` -> `е`, every dash to '-', every space run to one ASCII space, trimmed. */
export function foldText(value: string): string {
  return value
    .normalize('NFC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(dashes, '-')
    .replace(spaces, ' ')
    .trim()
}

/** `foldText` plus: punctuation removed (letters, digits, '*' and spaces kept). */
export function foldWords(value: string): string {
  return foldText(value)
    .replace(/[^\p{L}\p{N}* ]+/gu, ' ')
    .replace(/ +/g, ' ')
    .trim()
}
