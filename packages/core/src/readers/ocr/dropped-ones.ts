/**
 * A `1` OCR dropped from a number, put back from the glyphs its box shows. In a large bold amount
 * (VTB's `160 ₽` on a screenshot) tesseract can take a `1` without a foot — a stem with a small flag — for
 * a stroke of no glyph and read `60 ₽`. The pixels around the word (where: extraction/image-number-recount.ts;
 * the columns: packages/ocr find-glyph-columns.ts) give its glyph columns; each character OCR read (a digit,
 * or a currency sign glued to the number) is matched to one column, in order. When exactly the columns left
 * over are narrow — under 0.7 of the median column, as a footless `1` is (0.54–0.6 in VTB's bold amount)
 * and no other digit of a sans font is (0.92 or more of the median in the generator's eight fonts) — each
 * is a `1`, put back where it stands. Anything else (a wide column left over, two digits blurred into one,
 * a reading that fits two ways) returns null: the reading is left as it is.
 */

export interface GlyphColumn {
  left: number
  width: number
}

const numberWord = /^\d[\d.,]*[PР?°₽]?$|^[\d.,]*\d[PР?°₽]?$/
const separator = /[.,]/
const narrowShare = 0.7

export function restoreDroppedOnes(text: string, columns: readonly GlyphColumn[]): string | null {
  if (!numberWord.test(text)) return null
  const read = [...text]
  if (columns.length <= read.filter((ch) => !separator.test(ch)).length) return null
  const widths = columns.map((c) => c.width).sort((a, b) => a - b)
  const median = widths[Math.floor(widths.length / 2)]!
  const narrow = columns.map((c) => c.width < narrowShare * median)
  const readings = new Set<string>()
  // Every way to match the read glyphs to the columns in order (a separator takes no column: it is not
  // tall), leaving over only narrow columns, each read as a `1`.
  const walk = (r: number, c: number, out: string): void => {
    if (readings.size > 1) return
    if (r < read.length && separator.test(read[r]!)) {
      walk(r + 1, c, out + read[r])
      return
    }
    if (c === columns.length) {
      if (r === read.length) readings.add(out)
      return
    }
    if (narrow[c]) walk(r, c + 1, `${out}1`)
    if (r < read.length && (read[r] === '1' || !narrow[c])) walk(r + 1, c + 1, out + read[r])
  }
  walk(0, 0, '')
  return readings.size === 1 ? [...readings][0]! : null
}
