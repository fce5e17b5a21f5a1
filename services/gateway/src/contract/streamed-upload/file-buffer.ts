import { createHash } from 'node:crypto'

/** What a streamed file part became: its bytes (one buffer), their SHA-256 and its name. */
export interface ReceivedFile {
  bytes: Uint8Array
  sha256: string
  filename: string
}

/**
 * The one buffer a streamed file is written into, hashed as it arrives. The object key holds the digest
 * and the bytes are sniffed whole (a HEIC's `meta` box may lie anywhere), so the file is kept once,
 * contiguous, instead of as a parsed form, a `File` and an `ArrayBuffer` copy.
 *
 * `expectedBytes` (from the request's Content-Length, capped by the limit) sizes it once; without it
 * the buffer doubles as it fills, which copies, but only for bodies sent without a length.
 *
 * @example
 * const buffer = createFileBuffer({ expectedBytes: 4096 })
 * buffer.append(chunk)
 * const { bytes, sha256 } = buffer.finish()
 */
export function createFileBuffer(options: { expectedBytes?: number } = {}) {
  const hash = createHash('sha256')
  // allocUnsafe: every byte read back is written first; pages of an unfilled tail are never touched.
  let buffer = Buffer.allocUnsafe(Math.max(options.expectedBytes ?? 64 * 1024, 1))
  let size = 0
  return {
    get size() {
      return size
    },
    append(chunk: Uint8Array) {
      hash.update(chunk)
      if (size + chunk.byteLength > buffer.byteLength) {
        const grown = Buffer.allocUnsafe(Math.max(size + chunk.byteLength, buffer.byteLength * 2))
        buffer.copy(grown, 0, 0, size)
        buffer = grown
      }
      buffer.set(chunk, size)
      size += chunk.byteLength
    },
    finish(): { bytes: Uint8Array; sha256: string } {
      // A plain Uint8Array view over the buffer: no copy.
      return { bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, size), sha256: hash.digest('hex') }
    },
  }
}

export type FileBuffer = ReturnType<typeof createFileBuffer>
