/**
 * Whether a Flate body is exactly what classic zlib (pako is a faithful port of zlib 1.2.x) writes for
 * the decoded bytes. The Java generators behind these receipts use classic zlib, so their streams
 * reproduce at the level their header declares; a stream rewritten by another deflater does not.
 */
import { deflate } from 'pako'
import type { ZlibHeader } from './filters'

/** zlib's FLEVEL bits name a range of levels; the usual ones are tried first. */
const LEVELS_BY_FLEVEL: Record<number, number[]> = { 0: [1, 0], 1: [5, 4, 3, 2], 2: [6], 3: [9, 8, 7] }

/** Bodies above this size are not tried: the check must stay cheap. */
const MAX_DECODED = 512 * 1024

export function classicZlibLevel(
  raw: Uint8Array,
  decoded: Uint8Array,
  header: ZlibHeader | null,
): number | null {
  if (!header || decoded.length > MAX_DECODED) return null
  for (const level of LEVELS_BY_FLEVEL[header.level] ?? []) {
    const out = deflate(decoded, { level: level as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 })
    // Some writers count the end-of-line before `endstream` in /Length: tolerate up to two EOL bytes.
    const extra = raw.length - out.length
    const tailIsEol =
      extra >= 0 && extra <= 2 && raw.subarray(out.length).every((b) => b === 0x0a || b === 0x0d)
    if (tailIsEol && out.every((b, i) => b === raw[i])) return level
  }
  return null
}
