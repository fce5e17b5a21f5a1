/**
 * The three text rules pdf.js 5.6 applies to every glyph's Unicode value and every finished item
 * (`getCharUnicodeCategory`, `normalizeUnicode`, `bidi` in pdf.worker.mjs), copied so the text read from the
 * structure matches it character for character.
 */

const specialChar = /^(\s)|(\p{Mn})|(\p{Cf})$/u

export interface CharCategory {
  isWhitespace: boolean
  isZeroWidthDiacritic: boolean
  isInvisibleFormatMark: boolean
}

const categories = new Map<string, CharCategory>()

export function charCategory(char: string): CharCategory {
  const cached = categories.get(char)
  if (cached) return cached
  const groups = char.match(specialChar)
  const category = {
    isWhitespace: !!groups?.[1],
    isZeroWidthDiacritic: !!groups?.[2],
    isInvisibleFormatMark: !!groups?.[3],
  }
  categories.set(char, category)
  return category
}

const normalizeRegex =
  /([\u00a0\u00b5\u037e\u0eb3\u2000-\u200a\u202f\u2126\ufb00-\ufb04\ufb06\ufb20-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44\ufb46-\ufba1\ufba4-\ufba9\ufbae-\ufbb1\ufbd3-\ufbdc\ufbde-\ufbe7\ufbea-\ufbf8\ufbfc-\ufbfd\ufc00-\ufc5d\ufc64-\ufcf1\ufcf5-\ufd3d\ufd88\ufdf4\ufdfa-\ufdfb\ufe71\ufe77\ufe79\ufe7b\ufe7d]+)/gu

/**
 * Compatibility forms (no-break space, ligatures, presentation forms) to their NFKC equivalents. pdf.js maps
 * U+FB05 through a table of its own: the caller sends text holding it to pdf.js (`hasOwnMapping`).
 */
export function normalizeUnicode(text: string): string {
  return text.replaceAll(normalizeRegex, (run: string) => run.normalize('NFKC'))
}

export function hasOwnMapping(text: string): boolean {
  return text.includes('\ufb05')
}

/** pdf.js reorders text with right-to-left characters (Hebrew, Arabic, Syriac…); the reader does not. */
export function hasRightToLeft(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0x0590 && c <= 0x08ac) return true
  }
  return false
}
