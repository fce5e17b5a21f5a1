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

/**
 * @example
 * const model = await parsePdf(bytes)
 * model.runs.filter((run) => run.fontSize > 12)
 */
export async function parsePdf(bytes: Uint8Array, limits: PdfLimits = defaultPdfLimits): Promise<PdfModel> {
  guardPdfBytes(bytes, limits)
  const opened = openStructure(bytes, limits)
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
    structure: opened.structure,
  }
}

function openStructure(bytes: Uint8Array, limits: PdfLimits): OpenedPdf {
  try {
    return openPdf(bytes, limits)
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
