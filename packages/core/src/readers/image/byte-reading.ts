/** Bounds-checked-by-caller readers of big- and little-endian integers and ASCII tags in image headers. */
export function ascii(b: Uint8Array, offset: number, length: number): string {
  if (offset + length > b.length) return ''
  return String.fromCharCode(...b.subarray(offset, offset + length))
}
export function u16be(b: Uint8Array, o: number): number {
  return (b[o]! << 8) | b[o + 1]!
}
export function u16le(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8)
}
export function u24le(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16)
}
export function u32be(b: Uint8Array, o: number): number {
  return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0
}
export function u32le(b: Uint8Array, o: number): number {
  return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0
}
