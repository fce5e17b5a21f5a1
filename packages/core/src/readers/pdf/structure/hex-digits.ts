/**
 * Hex digits as PDF writes them, in hex strings `<48 65>` and ASCIIHexDecode streams alike: whitespace and
 * other junk between digits is skipped, `>` ends the run, and an odd final digit counts as if followed by 0.
 */

/** The value of one hex digit byte, or -1 for any other byte. */
export function hexVal(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30
  if (c >= 0x41 && c <= 0x46) return c - 0x37
  if (c >= 0x61 && c <= 0x66) return c - 0x57
  return -1
}

/**
 * Decodes from `start` up to and including the first `>` (or the end); `end` is the position after it.
 *
 * @example
 * decodeHexDigits(new TextEncoder().encode('48 6>x'), 0) // { bytes: [0x48, 0x60], end: 5 }
 */
export function decodeHexDigits(data: Uint8Array, start: number): { bytes: Uint8Array; end: number } {
  const out: number[] = []
  let hi = -1
  let pos = start
  while (pos < data.length) {
    const c = data[pos++]!
    if (c === 0x3e) break
    const v = hexVal(c)
    if (v < 0) continue
    if (hi < 0) hi = v
    else {
      out.push(hi * 16 + v)
      hi = -1
    }
  }
  if (hi >= 0) out.push(hi * 16)
  return { bytes: new Uint8Array(out), end: pos }
}
