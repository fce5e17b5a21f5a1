/**
 * The SBP id's free position 16 on a picture, weighed by the glyph's width. The format lets a round glyph
 * there be the digit `0` or the letter `O` (ocr/repair-sbp-id.ts guesses the letter and keeps the id below
 * 0.9), but a picture shows more: position 17 is always the digit `0` (`0000NN`, `0B10NN`, `0G10NN`), and
 * in a sans font a capital `O` has 1.24–1.61 times a `0`'s ink width (the generator's eight fonts; the real
 * receipts' `O`s measured 1.31–1.38). So:
 * - **which words**: the SBP id's, when it is the receipt number, was read below 0.9 and has a round glyph
 *   at position 16 (`sbpIdWordsToMeasure`);
 * - **measured** (packages/ocr measure-sbp-id.ts): each word's glyph columns (find-glyph-columns.ts), kept
 *   only when every word shows exactly as many columns as characters OCR read in it, so column 16 is the
 *   16th character;
 * - **decided** (`roundGlyphAt16`): within 12 % of position 17's width, the digit; 25 % wider or more, a
 *   letter; between, nothing is decided. A photo's blur widens both by the same few pixels, which only
 *   brings the ratio towards 1.
 * The digit stays a guess (below 0.9): a `D` or a `C` read as round can be nearly as narrow as a `0` in some
 * fonts (Carlito's `D` 1.12, DejaVu Sans Bold's `C` 1.03).
 *
 * The other glyphs OCR confuses there (a `T` read `1`, a `Z` read `7` or `2`, a `W` read `V`, a `1` that the
 * format guesses `I`) are decided by their shape (`sbpIdFreeGlyphWords`, measured by packages/ocr
 * free-glyph-shape.ts, decided by `freeGlyphAt16`): width against the `0` at 17, ink across the glyph's top
 * and foot, where the foot stands. On development pictures (docs/extraction.md, "Position 16's glyph by its
 * shape", 26 Nov 2026) each of `T 1 I 7 Z 2 V W 0 O` drawn at 16 in five banks' fonts, 3 kinds: 26 misses
 * of 180 → 0, none made; natural ids of 8 variants: receipt_number 91/96 → 95/96.
 */
import type { GlyphColumn } from '../../readers/ocr/dropped-ones'
import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import type { RoundGlyphKind } from '../../readers/ocr/repair-sbp-id'
import type { ImageExtraction } from './extract-image-receipt'
import { valueWords } from './image-field-rereading'

/** Characters OCR puts between the glyphs of an id (as repair-sbp-id.ts drops them); they are not tall. */
const noise = /[\s.,·'`"_\-–—:;=~«»‘’“”„]/g
const round = /^[0OОoо]$/

export function sbpIdWordsToMeasure(page: OcrPage, result: ImageExtraction): OcrWord[] {
  const id = result.facts['sbp_id']
  const fields = result.fields
  if (typeof id !== 'string' || fields.receipt_number !== id) return []
  if ((fields.confidence['receipt_number'] ?? 0) >= 0.9 || id[15] !== 'O') return []
  const words = valueWords(page, result, 'receipt_number')
  const text = words.map((w) => w.text.replace(noise, '')).join('')
  return text.length === 32 && round.test(text[15]!) ? words : []
}

export function roundGlyphAt16(
  words: readonly OcrWord[],
  columns: readonly (readonly GlyphColumn[] | null)[],
): RoundGlyphKind | null {
  const all: GlyphColumn[] = []
  for (const [i, word] of words.entries()) {
    const seen = columns[i]
    if (!seen || seen.length !== word.text.replace(noise, '').length) return null
    all.push(...seen)
  }
  if (all.length !== 32) return null
  const ratio = all[15]!.width / all[16]!.width
  if (ratio <= 1.12) return 'digit'
  return ratio >= 1.25 ? 'letter' : null
}

/** Position 16's glyph as measured on the picture (packages/ocr free-glyph-shape.ts). */
export interface FreeGlyphShape {
  /** Its ink width against position 17's `0`. */
  widthRatio: number
  /** Share of its ink width with ink in its top eighth. */
  topSpan: number
  /** Share of its ink width with ink in its bottom eighth. */
  bottomSpan: number
  /** Where its bottom eighth's ink stands across its width, 0 (left) to 1 (right). */
  bottomCentre: number
}

/**
 * What each glyph OCR confuses at position 16 looks like, against the `0` at 17 (development seeds
 * `dev-pics-g`, scripts/corpus/dev-sbp-glyph16.ts; five banks' fonts): `I` a bare stem; `1` a digit's width with a
 * flag, no top bar; `T` a full top bar over a centred stem; `7` a digit's width, a full top bar, a thin foot
 * left of centre; `Z` full bars at top and foot, in most fonts wider than a digit; `2` a digit's width, a
 * full foot; `V` wider than a digit, `W` much wider. Margins are kept on both sides of what was measured: a
 * glyph between two pictures is none of them.
 */
const looks: Record<string, (s: FreeGlyphShape, others: string) => boolean> = {
  I: (s) => s.widthRatio <= 0.4,
  '1': (s) => s.widthRatio >= 0.5 && s.widthRatio <= 1.05 && s.topSpan <= 0.75,
  T: (s) =>
    s.widthRatio >= 0.95 &&
    s.topSpan >= 0.9 &&
    s.bottomSpan <= 0.45 &&
    Math.abs(s.bottomCentre - 0.5) <= 0.05,
  '7': (s) =>
    s.widthRatio >= 0.5 &&
    s.widthRatio <= 1.05 &&
    s.topSpan >= 0.9 &&
    s.bottomSpan <= 0.45 &&
    s.bottomCentre <= 0.44,
  // Some fonts' `Z` is as narrow as a digit (Gazprombank's): only the width tells it from a `2`, so a narrow
  // one is decided only when a `2` is not among the glyphs the reading may be.
  Z: (s, others) =>
    s.widthRatio >= 0.8 &&
    s.topSpan >= 0.8 &&
    s.bottomSpan >= 0.85 &&
    (s.widthRatio >= 1.08 || !others.includes('2')),
  '2': (s) => s.widthRatio >= 0.5 && s.widthRatio <= 1.05 && s.bottomSpan >= 0.85,
  V: (s) => s.widthRatio >= 1.1 && s.widthRatio <= 1.4,
  W: (s) => s.widthRatio >= 1.55,
}

/** The glyphs a reading at position 16 may stand for (what OCR was seen to read each of them as). */
const confusable: Record<string, string> = {
  '1': '1IT7',
  I: '1IT7',
  T: '1IT7Z',
  '7': '1IT7Z',
  Z: 'T7Z',
  '2': '7Z2',
  V: 'VW',
  W: 'VW',
}

/**
 * The SBP id's words, when it is the receipt number and position 16 was read as a glyph OCR confuses
 * (whatever the confidence: a `Z` read `7` comes at 0.9); with the character read there.
 */
export function sbpIdFreeGlyphWords(
  page: OcrPage,
  result: ImageExtraction,
): { read: string; words: OcrWord[] } | null {
  const id = result.facts['sbp_id']
  if (typeof id !== 'string' || result.fields.receipt_number !== id || !(id[15]! in confusable)) return null
  const words = valueWords(page, result, 'receipt_number')
  // A `V` or `W` read as its strokes (`\/`) is one glyph, as the repair reads it.
  const text = words.map((w) => w.text.replace(/[\\/]{2,4}/g, 'V').replace(noise, '')).join('')
  return text.length === 32 ? { read: id[15]!, words } : null
}

/**
 * Position 16's glyph decided by its shape: the one glyph of those its reading may stand for whose
 * picture the shape matches; null when none or more than one does.
 */
export function freeGlyphAt16(read: string, shape: FreeGlyphShape): string | null {
  const others = confusable[read] ?? ''
  const matches = [...others].filter((glyph) => looks[glyph]!(shape, others))
  return matches.length === 1 ? matches[0]! : null
}
