/**
 * Cheap checks run on the raw bytes before pdf.js sees them, so hostile input fails fast with a coded error
 * instead of costing time or memory inside the parser: size, PDF header, a final `%%EOF` (a truncated
 * upload loses it), object count, encryption, and a bounded inflation of every zlib stream (a decompression
 * bomb is detected after at most `maxInflatedBytes` + one slice of output, never materialised whole).
 */
import { Unzlib } from 'fflate'
import { CheckError } from '../../check/error-codes'
import type { PdfLimits } from '../pdf-model'

const latin1 = new TextDecoder('latin1')
/** Deflate expands at most ~1032:1, so one slice of input yields at most ~4 MB of output. */
const inflateSliceBytes = 4096

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
  guardInflatedSize(bytes, text, limits.maxInflatedBytes)
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

function guardInflatedSize(bytes: Uint8Array, text: string, maxInflatedBytes: number): void {
  let total = 0
  let from = 0
  for (;;) {
    const keyword = text.indexOf('stream', from)
    if (keyword < 0) return
    from = keyword + 6
    if (text.startsWith('endstream', keyword - 3)) continue
    let start = keyword + 6
    if (text[start] === '\r') start++
    if (text[start] === '\n') start++
    if (!looksLikeZlib(bytes, start)) continue
    const end = text.indexOf('endstream', start)
    const stop = end < 0 ? bytes.byteLength : end
    total += inflatedSize(bytes.subarray(start, stop), maxInflatedBytes - total)
    if (total > maxInflatedBytes) {
      throw new CheckError('pdf_too_complex', `Streams inflate to more than ${maxInflatedBytes} bytes.`)
    }
    from = stop
  }
}

function looksLikeZlib(bytes: Uint8Array, at: number): boolean {
  const cmf = bytes[at]
  const flg = bytes[at + 1]
  if (cmf === undefined || flg === undefined) return false
  return (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0
}

/** Output size of one stream, counting stops as soon as `budget` is exceeded; corrupt data counts as read. */
function inflatedSize(data: Uint8Array, budget: number): number {
  let produced = 0
  const inflater = new Unzlib((chunk) => {
    produced += chunk.byteLength
  })
  try {
    for (let offset = 0; offset < data.byteLength && produced <= budget; offset += inflateSliceBytes) {
      const end = Math.min(offset + inflateSliceBytes, data.byteLength)
      inflater.push(data.subarray(offset, end), end === data.byteLength)
    }
  } catch {
    // A stream fflate cannot inflate is pdf.js's problem to report; its output so far still counts.
  }
  return produced
}
