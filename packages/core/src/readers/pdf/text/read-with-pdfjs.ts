/**
 * The text layer read by pdf.js (no worker thread, no fonts installed, no canvas, no network): the reader of
 * last resort for files the structure reader does not take (`text-from-structure/`).
 */
import { CheckError } from '../../../vocabulary/error-codes'
import type { PdfLimits } from '../../../vocabulary/pdf-model'
import { getPdfJs } from './pdfjs-runtime'
import { readTextLayer, type TextLayer } from './read-text-layer'

export async function readTextLayerWithPdfJs(bytes: Uint8Array, limits: PdfLimits): Promise<TextLayer> {
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
    return await readTextLayer(doc)
  } finally {
    await task.destroy().catch(() => undefined)
  }
}
