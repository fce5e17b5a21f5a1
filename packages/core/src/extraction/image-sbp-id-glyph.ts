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
 */
import type { GlyphColumn } from '../ocr/dropped-ones'
import type { OcrPage, OcrWord } from '../ocr/ocr-page'
import type { RoundGlyphKind } from '../ocr/repair-sbp-id'
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
