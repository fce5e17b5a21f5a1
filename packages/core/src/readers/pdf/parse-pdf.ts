/**
 * Parse once, share the model: the bytes are guarded, their structure parsed (`structure/`), and the text
 * layer read from that structure (`text-from-structure/`); a file the structure reader does not reproduce
 * exactly is read by pdf.js instead (`text/`), with the same result. Every failure leaves as a CheckError with
 * a record error code; nothing else escapes.
 */
import { CheckError } from '../../vocabulary/error-codes'
import { defaultPdfLimits, type PdfLimits, type PdfModel } from '../../vocabulary/pdf-model'
import { placeableRuns } from './placeable-runs'
import { type OpenedPdf, openPdf } from './structure'
import { guardPdfBytes } from './text/input-guards'
import type { TextLayer } from './text/read-text-layer'
import { readTextLayerWithPdfJs } from './text/read-with-pdfjs'
import { resolveFontNames } from './text/resolve-font-names'
import { readTextFromStructure } from './text-from-structure/read-structure-text'

export interface PdfParseOptions {
  /**
   * false: the model's `structure` is null and what only the structure's readers need is not computed
   * (the content streams' classic zlib levels) — for a reader of the text alone (extraction), which then
   * also posts a model a fifth the size across its worker. The text, pages and Info are the same.
   * Default true.
   */
  structure?: boolean
}

/**
 * @example
 * const model = await parsePdf(bytes)
 * model.runs.filter((run) => run.fontSize > 12)
 */
export async function parsePdf(
  bytes: Uint8Array,
  limits: PdfLimits = defaultPdfLimits,
  options: PdfParseOptions = {},
): Promise<PdfModel> {
  guardPdfBytes(bytes, limits)
  const keepStructure = options.structure !== false
  const opened = openStructure(bytes, limits, keepStructure)
  const read = readTextFromStructure(opened)
  let layer: TextLayer
  try {
    layer = 'layer' in read ? read.layer : await readTextLayerWithPdfJs(bytes, limits)
  } catch (error) {
    throw toCheckError(error)
  }
  if (layer.encrypted) throw new CheckError('pdf_encrypted')
  return {
    byteLength: bytes.byteLength,
    pages: layer.pages,
    info: layer.info,
    runs: resolveFontNames(placeableRuns(layer.runs), opened.structure),
    structure: keepStructure ? opened.structure : null,
  }
}

function openStructure(bytes: Uint8Array, limits: PdfLimits, zlibLevels: boolean): OpenedPdf {
  try {
    return openPdf(bytes, limits, { zlibLevels })
  } catch (error) {
    throw toCheckError(error)
  }
}

function toCheckError(error: unknown): CheckError {
  if (error instanceof CheckError) return error
  const name = error instanceof Error ? error.name : ''
  if (name === 'PasswordException') return new CheckError('pdf_encrypted', undefined, { cause: error })
  const detail = error instanceof Error ? error.message : String(error)
  return new CheckError('pdf_unreadable', `The PDF could not be parsed: ${detail}`.slice(0, 300), {
    cause: error,
  })
}
