/**
 * `extractImageReceipt(page)`: the same extraction as a PDF's, on what OCR read from an image. The words
 * become positioned runs (ocr/words-to-runs.ts) in a page-sized model with no PDF structure, so family
 * recognition, the family readers and the generic reader run unchanged; every field's confidence is scaled
 * by the OCR confidence of the words it was read from (build-fields.ts), and `fields.source` is `ocr`.
 * The result also carries what a later reader of the image (a vision model) needs: the OCR text, and the
 * words with their boxes and confidence.
 */

import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import { labelVocabulary, snapLabels } from '../../readers/ocr/snap-labels'
import { wordsToRuns } from '../../readers/ocr/words-to-runs'
import type { FieldRule } from '../../vocabulary/family-definition'
import type { PdfModel } from '../../vocabulary/pdf-model'
import type { ExtractionResult } from '../../vocabulary/stage-contracts'
import { families as shippedFamilies } from '../families'
import generic from '../families/generic.json'
import { type ExtractOptions, extractReceipt } from './extract-receipt'
import { tiltLocations } from './field-locations'

export interface ImageExtraction extends ExtractionResult {
  ocr: {
    /** The OCR text, one line per visual line (the same text as `normalizedText`). */
    text: string
    words: OcrWord[]
    /** Mean word confidence in [0, 1] (0 when nothing was read). */
    confidence: number
    /** Points per pixel used to place the words (see words-to-runs.ts). */
    scale: number
  }
}

/**
 * @example
 * const result = extractImageReceipt(parseTesseractTsv(tsv))
 * result.fields.source // 'ocr'
 */
export function extractImageReceipt(
  page: OcrPage,
  options: Omit<ExtractOptions, 'textSource'> = {},
): ImageExtraction {
  const { runs: read, scale, width, height, skew } = wordsToRuns(page)
  const vocabulary = labelVocabulary(
    options.families ?? shippedFamilies,
    generic.fields as Record<string, FieldRule | undefined>,
  )
  const runs = snapLabels(read, vocabulary)
  const model: PdfModel = {
    byteLength: 0,
    pages: [{ index: 0, width, height }],
    info: {},
    runs,
    structure: null,
  }
  const result = extractReceipt(model, {
    ...options,
    textSource: 'ocr',
    ...(page.sbpIdRoundGlyph ? { sbpIdRoundGlyph: page.sbpIdRoundGlyph } : {}),
    ...(page.sbpIdFreeGlyph ? { sbpIdFreeGlyph: page.sbpIdFreeGlyph } : {}),
  })
  const words = page.words
  const confidence = words.length === 0 ? 0 : words.reduce((sum, w) => sum + w.confidence, 0) / words.length
  return {
    ...result,
    fieldLocations: tiltLocations(result.fieldLocations ?? [], skew, page),
    facts: {
      ...result.facts,
      input_kind: 'image',
      ocr_word_count: words.length,
      ocr_confidence: round(confidence),
    },
    ocr: { text: result.normalizedText, words, confidence, scale },
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100
}
