/**
 * A masked name word (`Куз****а`) with its run of `*` as long as the pixels show it (packages/ocr
 * `findMaskStars` counts the asterisks from their ink, not from OCR's text). OCR's letters are kept:
 * - when OCR read the run (`КУЗ******ж*А`, `КУЗ*****++А`: asterisks read as a letter, `+`, `#` or `%`), the
 *   letters before its first and after its last asterisk-like glyph — and when it read fewer asterisk-like
 *   glyphs than the pixels show (`К*жжжа`), the missing ones were read as letters beside the run: a side
 *   with more letters than the pixels show keeps only that many, those away from the run;
 * - when it read no asterisk at all (`Кужжжа`: each read as a letter), as many of its letters on each
 *   side as the pixels show letters there — only for a run of at least two (one high blob may be a quote).
 * Null when the text cannot hold what the pixels show (fewer letters than the sides need).
 */
export interface MaskGlyphs {
  /** Letters before the run of `*`, the run's length, letters after it. */
  before: number
  stars: number
  after: number
}

const starLike = /[*+#%]/

export function maskWord(text: string, glyphs: MaskGlyphs): string | null {
  if (glyphs.stars < 1) return null
  const run = '*'.repeat(glyphs.stars)
  const first = text.search(starLike)
  if (first >= 0) {
    let last = text.length - 1
    while (!starLike.test(text[last]!)) last--
    let head = [...text.slice(0, first)]
    let tail = [...text.slice(last + 1)]
    if (![...head, ...tail].every((ch) => /\p{L}/u.test(ch))) return null
    const read = [...text].filter((ch) => starLike.test(ch)).length
    if (read < glyphs.stars) {
      if (glyphs.before > 0 && head.length > glyphs.before) head = head.slice(0, glyphs.before)
      if (glyphs.after > 0 && tail.length > glyphs.after) tail = tail.slice(tail.length - glyphs.after)
    }
    return `${head.join('')}${run}${tail.join('')}`
  }
  const letters = [...text]
  if (glyphs.stars < 2) return null
  if (!letters.every((ch) => /\p{L}/u.test(ch))) return null
  if (glyphs.before + glyphs.after > letters.length - 1) return null
  return `${letters.slice(0, glyphs.before).join('')}${run}${letters.slice(letters.length - glyphs.after).join('')}`
}

/**
 * Whether a name read from a picture may hide a mask whose stars OCR read as something else, so that its
 * words' runs are worth counting from the pixels: a name that shows a star-like glyph, or one shaped as a
 * masked person's name is (`Кужжжа И. П.`: a word and two initials). Never an organisation (`ПАО "ВОЛЖСКИЙ
 * МАШИНОСТРОИТЕЛЬНЫЙ ЗАВОД"`) or a full name: on a blurred photo the ink of ordinary letters (`ог`, `тв`)
 * passes the stars' test too, and a run invented there made `д**овору` of the purpose beside a VTB salary
 * payer (dev-pics-q, 27 Nov 2026).
 */
export function mayHideMask(name: string): boolean {
  return starLike.test(name) || maskedNameShape.test(name.trim())
}

const maskedNameShape = /^[\p{L}*+#%]+\s+\p{Lu}\.\s*\p{Lu}\.$/u
