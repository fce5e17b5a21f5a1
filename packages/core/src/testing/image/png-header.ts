/**
 * For tests: the first 33 bytes of a PNG (signature + IHDR) declaring `width` × `height`. Enough for the
 * header checks, which never decode — and all a decompression bomb needs to show.
 */
export function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(bytes.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  return bytes
}
