/**
 * Parse once, share the model: the bytes are guarded, opened with pdf.js (no worker thread, no fonts
 * installed, no canvas, no network) and turned into a PdfModel. Every failure leaves as a CheckError with a
 * record error code; nothing else escapes.
 */
import { CheckError } from '../check/error-codes'
import { defaultPdfLimits, type PdfLimits, type PdfModel } from './pdf-model'
import type { PdfStructure } from './structure'
import { parsePdfStructure } from './structure'
import { guardPdfBytes } from './text/input-guards'
import { getPdfJs } from './text/pdfjs-runtime'
import { readTextLayer } from './text/read-text-layer'
import { resolveFontNames } from './text/resolve-font-names'

/**
 * @example
 * const model = await parsePdf(bytes)
 * model.runs.filter((run) => run.fontSize > 12)
 */
export async function parsePdf(bytes: Uint8Array, limits: PdfLimits = defaultPdfLimits): Promise<PdfModel> {
  guardPdfBytes(bytes, limits)
  const structure = parseStructure(bytes, limits)
  const { pdfjs, worker } = await getPdfJs()
  // pdf.js takes ownership of (and detaches) the buffer it is given; the caller keeps its bytes.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    worker,
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    stopAtErrors: false,
  })
  try {
    const doc = await task.promise
    if (doc.numPages > limits.maxPages) {
      throw new CheckError(
        'pdf_too_many_pages',
        `The PDF has ${doc.numPages} pages; the limit is ${limits.maxPages}.`,
      )
    }
    const layer = await readTextLayer(doc)
    if (layer.encrypted) throw new CheckError('pdf_encrypted')
    return {
      byteLength: bytes.byteLength,
      pages: layer.pages,
      info: layer.info,
      runs: resolveFontNames(layer.runs, structure),
      structure,
    }
  } catch (error) {
    throw toCheckError(error)
  } finally {
    await task.destroy().catch(() => undefined)
  }
}

function parseStructure(bytes: Uint8Array, limits: PdfLimits): PdfStructure {
  try {
    return parsePdfStructure(bytes, limits)
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
