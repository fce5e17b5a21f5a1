/**
 * Cheap checks run on the raw bytes before any parser sees them, so hostile input fails fast with a coded
 * error: size, PDF header, a final `%%EOF` (a truncated upload loses it), object count and encryption.
 * Decompression bombs are stopped by the structure parser's inflate budget, which runs before pdf.js.
 */
import { CheckError } from '../../check/error-codes'
import type { PdfLimits } from '../pdf-model'

const latin1 = new TextDecoder('latin1')

/** Throws the CheckError the bytes deserve, or returns when they may be handed to the parser. */
export function guardPdfBytes(bytes: Uint8Array, limits: PdfLimits): void {
  if (bytes.byteLength > limits.maxBytes) {
    throw new CheckError(
      'file_too_large',
      `The file has ${bytes.byteLength} bytes; the limit is ${limits.maxBytes}.`,
    )
  }
  const text = latin1.decode(bytes)
  const header = text.indexOf('%PDF-')
  if (header < 0 || header > 1024) throw new CheckError('pdf_unreadable', 'The file has no PDF header.')
  if (!text.slice(-4096).includes('%%EOF')) {
    throw new CheckError('pdf_unreadable', 'The file has no %%EOF marker at its end (truncated?).')
  }
  guardObjectCount(text, limits.maxObjects)
  if (/\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text)) throw new CheckError('pdf_encrypted')
}

function guardObjectCount(text: string, maxObjects: number): void {
  const pattern = /\d+\s+\d+\s+obj\b/g
  let count = 0
  while (pattern.exec(text)) {
    count++
    if (count > maxObjects) {
      throw new CheckError('pdf_too_complex', `The file has more than ${maxObjects} objects.`)
    }
  }
}
