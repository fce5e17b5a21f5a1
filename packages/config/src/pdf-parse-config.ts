/** The bounds of a PDF parse in extraction and authenticity (packages/pdf-worker: a worker thread each). */
import type { EnvReader } from './env-reader'

export interface PdfParseConfig {
  /** A parse longer than this is ended: `pdf_too_complex`. */
  timeoutMs: number
  /** The parse worker's V8 heap limit, MB. */
  maxHeapMb: number
}

export function readPdfParse(r: EnvReader): PdfParseConfig {
  return {
    timeoutMs: r.int('PDF_PARSE_TIMEOUT_MS', {
      doc: 'A PDF parse longer than this is ended as pdf_too_complex',
      default: 20_000,
      min: 100,
      max: 600_000,
    }),
    maxHeapMb: r.int('PDF_PARSE_MAX_HEAP_MB', {
      doc: 'Heap limit of the PDF parse worker (MB); past it the PDF is pdf_too_complex',
      default: 256,
      min: 32,
      max: 8192,
    }),
  }
}
