/**
 * Cheap checks on the raw bytes before any parser sees them, so the commonest bad inputs fail fast with a
 * coded error: size, a `%PDF-` header in the first KiB, and a final `%%EOF` in the last 4 KiB (a truncated
 * upload loses it; every genuine receipt has exactly one). Only the head and tail are decoded. Object count,
 * encryption and decompression bombs are the structure parser's checks, which run next and before pdf.js.
 */
import { CheckError } from '../../../vocabulary/error-codes'
import type { PdfLimits } from '../../../vocabulary/pdf-model'

const latin1 = new TextDecoder('latin1')

/** Throws the CheckError the bytes deserve, or returns when they may be handed to the parsers. */
export function guardPdfBytes(bytes: Uint8Array, limits: PdfLimits): void {
  if (bytes.byteLength > limits.maxBytes) {
    throw new CheckError(
      'file_too_large',
      `The file has ${bytes.byteLength} bytes; the limit is ${limits.maxBytes}.`,
    )
  }
  const head = latin1.decode(bytes.subarray(0, 1024 + 5))
  if (!head.includes('%PDF-')) throw new CheckError('pdf_unreadable', 'The file has no PDF header.')
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.byteLength - 4096)))
  if (!tail.includes('%%EOF')) {
    throw new CheckError('pdf_unreadable', 'The file has no %%EOF marker at its end (truncated?).')
  }
}
