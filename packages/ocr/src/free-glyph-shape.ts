/**
 * The shape of the SBP id's glyph at position 16, measured from the pixels for core's `freeGlyphAt16`
 * (extraction/image-sbp-id-glyph.ts): the id's glyph columns (find-glyph-columns.ts, kept only when every
 * word shows exactly as many columns as characters OCR read in it, so column 16 is the 16th character),
 * then inside column 16, cut at the word box's mid grey level (as ink-blobs.ts):
 * - `widthRatio`: its ink width against position 17's, always the digit `0`;
 * - `topSpan` / `bottomSpan`: the share of its ink width with ink in its top / bottom eighth (a `T`, `7`,
 *   `Z` have a full top bar, `1` and `2` do not; a `Z` and a `2` have a full bottom bar, a `7` and a `T`
 *   do not).
 * Null when the columns do not match the characters read, or the box has no contrast.
 */
import type { FreeGlyphShape, OcrWord } from '@rv/core'
import { findGlyphColumns } from './find-glyph-columns'
import type { GrayImage } from './find-unread-ink'

/** Characters OCR puts between the glyphs of an id (as core's repair drops them); they are not tall. */
const noise = /[\s.,·'`"_\-–—:;=~«»‘’“”„]/g
/** A `V` or `W` read as its strokes (`\/`) is one glyph (core's repair reads it so). */
const strokes = /[\\/]{2,4}/g
const glyphsRead = (text: string) => text.replace(strokes, 'V').replace(noise, '').length

export function measureFreeGlyph(image: GrayImage, words: readonly OcrWord[]): FreeGlyphShape | null {
  const columns: { word: OcrWord; left: number; width: number }[] = []
  for (const word of words) {
    const seen = findGlyphColumns(image, word)
    if (!seen || seen.length !== glyphsRead(word.text)) return null
    columns.push(...seen.map((c) => ({ word, left: c.left, width: c.width })))
  }
  if (columns.length !== 32) return null
  const glyph = columns[15]!
  const zero = columns[16]!
  const ink = inkOf(image, glyph.word, Math.round(glyph.left), Math.round(glyph.width))
  if (!ink) return null
  return { widthRatio: glyph.width / zero.width, ...ink }
}

/** The column's ink cut at the word box's mid grey level; its top and bottom bands' spans. */
function inkOf(
  image: GrayImage,
  word: OcrWord,
  left: number,
  width: number,
): { topSpan: number; bottomSpan: number; bottomCentre: number } | null {
  const x0 = Math.max(0, Math.floor(word.left) + left)
  const x1 = Math.min(image.width, x0 + width)
  const y0 = Math.max(0, Math.floor(word.top))
  const y1 = Math.min(image.height, Math.ceil(word.top + word.height))
  const levels: number[] = []
  for (let y = y0; y < y1; y++)
    for (let x = Math.max(0, Math.floor(word.left)); x < Math.min(image.width, word.left + word.width); x++)
      levels.push(image.pixels[y * image.width + x]!)
  const sorted = levels.sort((a, b) => a - b)
  const dark = sorted[Math.floor(0.02 * sorted.length)] ?? 0
  const paper = sorted[Math.floor(0.9 * sorted.length)] ?? 255
  if (paper - dark < 40 || x1 - x0 < 2) return null
  const threshold = (dark + paper) / 2
  const isInk = (x: number, y: number) => image.pixels[y * image.width + x]! < threshold
  const rows: number[] = []
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (isInk(x, y)) rows.push(y)
  if (rows.length === 0) return null
  const top = Math.min(...rows)
  const bottom = Math.max(...rows)
  const band = Math.max(1, Math.round((bottom - top + 1) / 8))
  const span = (from: number, to: number) => {
    let inked = 0
    for (let x = x0; x < x1; x++) {
      let any = false
      for (let y = from; y < to && !any; y++) any = isInk(x, y)
      if (any) inked++
    }
    return inked / (x1 - x0)
  }
  let sum = 0
  let count = 0
  for (let y = bottom + 1 - band; y <= bottom; y++)
    for (let x = x0; x < x1; x++)
      if (isInk(x, y)) {
        sum += x - x0 + 0.5
        count++
      }
  return {
    topSpan: span(top, top + band),
    bottomSpan: span(bottom + 1 - band, bottom + 1),
    bottomCentre: sum / count / (x1 - x0),
  }
}
