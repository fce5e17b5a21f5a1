import { ascii, u16be, u16le, u24le, u32be, u32le } from './byte-reading'
import { heifSize, isHeic } from './heif-header'

/**
 * What an image's header says, read without decoding a pixel: the format (by magic numbers, never by the
 * declared content type), the dimensions and the orientation (JPEG: EXIF; HEIC: its own rotation and
 * mirror, heif-header.ts). This is what lets a decompression bomb (a small file declaring 50 000 × 50 000
 * pixels) be refused before any decoder runs.
 * Returns null when the bytes are not a PNG, JPEG, WebP or HEIC whose header can be read.
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'heic'

export interface ImageHeader {
  format: ImageFormat
  width: number
  height: number
  /** EXIF orientation 1–8 (1 = as stored); 1 when absent. HEIC: its irot/imir as the equivalent value. */
  orientation: number
}

/** The format from the magic numbers (HEIC: its `ftyp` brands and item codings); null for anything else, PDFs included. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp'
  if (isHeic(bytes)) return 'heic'
  return null
}

export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = sniffImageFormat(bytes)
  if (format === 'heic') {
    const size = heifSize(bytes)
    return size && size.width > 0 && size.height > 0 ? { format, ...size } : null
  }
  const size =
    format === 'png'
      ? pngSize(bytes)
      : format === 'jpeg'
        ? jpegSize(bytes)
        : format === 'webp'
          ? webpSize(bytes)
          : null
  if (!format || !size || size.width <= 0 || size.height <= 0) return null
  return { format, ...size, orientation: format === 'jpeg' ? jpegOrientation(bytes) : 1 }
}

function pngSize(b: Uint8Array): { width: number; height: number } | null {
  // Signature (8), chunk length (4), "IHDR" (4), width (4), height (4).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null
  return { width: u32be(b, 16), height: u32be(b, 20) }
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  for (const segment of jpegSegments(b)) {
    if (isStartOfFrame(segment.marker)) {
      // Payload: precision (1 byte), height (2), width (2).
      if (segment.start + 5 > b.length) return null
      return { height: u16be(b, segment.start + 1), width: u16be(b, segment.start + 3) }
    }
  }
  return null
}

interface Segment {
  marker: number
  /** Offset of the segment's payload (after the 2-byte length). */
  start: number
  length: number
}

/** The header segments up to the start of scan; bounded by the file, so hostile lengths only end the walk. */
function* jpegSegments(b: Uint8Array): Generator<Segment> {
  let i = 2
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return
    const marker = b[i + 1]!
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2
      continue
    }
    const length = u16be(b, i + 2)
    if (length < 2) return
    yield { marker, start: i + 4, length: length - 2 }
    i += 2 + length
  }
}

function jpegOrientation(b: Uint8Array): number {
  for (const segment of jpegSegments(b)) {
    if (segment.marker !== 0xe1 || ascii(b, segment.start, 6) !== 'Exif\0\0') continue
    const tiff = segment.start + 6
    const end = Math.min(b.length, segment.start + segment.length)
    const little = ascii(b, tiff, 2) === 'II'
    const u16 = (o: number) => (o + 2 <= end ? (little ? b[o]! | (b[o + 1]! << 8) : u16be(b, o)) : -1)
    const u32 = (o: number) => (o + 4 <= end ? (little ? u32le(b, o) : u32be(b, o)) : -1)
    const ifd = tiff + u32(tiff + 4)
    const count = u16(ifd)
    for (let k = 0; k < count && k < 256; k++) {
      const entry = ifd + 2 + 12 * k
      if (u16(entry) === 0x0112) {
        const value = u16(entry + 8)
        return value >= 1 && value <= 8 ? value : 1
      }
    }
  }
  return 1
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null
  const chunk = ascii(b, 12, 4)
  if (chunk === 'VP8 ') {
    // Key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null
    const bits = u32le(b, 21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  }
  return null
}

function startsWith(b: Uint8Array, prefix: readonly number[]): boolean {
  return b.length >= prefix.length && prefix.every((v, i) => b[i] === v)
}
