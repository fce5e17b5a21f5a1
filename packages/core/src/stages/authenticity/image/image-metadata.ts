/**
 * Reads, from the bytes alone (no decoder, no I/O), what an image file says about where it came from:
 * container, EXIF Software/Make/Model/dates, XMP CreatorTool and history agents, PNG text chunks, Photoshop
 * resource blocks, JPEG quantisation tables and bytes after the end of the picture. Bounded: every length
 * is checked against the buffer, a malformed segment ends the walk rather than throwing.
 */
import { boxes, itemData, items, metaBox } from '../../../readers/image/heif-boxes'
import { isHeic } from '../../../readers/image/heif-header'

export type ImageContainer = 'jpeg' | 'png' | 'webp' | 'heic' | 'other'

export interface ImageMetadata {
  container: ImageContainer
  /** EXIF Software, XMP CreatorTool / softwareAgent, PNG `Software`/`Comment` text, in file order. */
  software: string[]
  make: string | null
  model: string | null
  /** EXIF DateTime (last modification) and DateTimeOriginal (capture), `YYYY:MM:DD HH:MM:SS`. */
  modifiedAt: string | null
  capturedAt: string | null
  /** JPEG APP13 `Photoshop 3.0` resource block present. */
  photoshopResources: boolean
  /** JPEG quantisation tables by id (64 values, zig-zag order as stored); repeated ids all kept. */
  quantTables: { id: number; values: number[] }[]
  /** Bytes after the JPEG EOI / PNG IEND / WebP RIFF size / HEIC's last box (data a camera or screenshot never leaves). */
  trailingBytes: number
}

function empty(container: ImageContainer): ImageMetadata {
  return {
    container,
    software: [],
    make: null,
    model: null,
    modifiedAt: null,
    capturedAt: null,
    photoshopResources: false,
    quantTables: [],
    trailingBytes: 0,
  }
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let out = ''
  for (let i = start; i < start + length && i < bytes.length; i++) out += String.fromCharCode(bytes[i]!)
  return out
}

function latin1Until0(bytes: Uint8Array, start: number, end: number): string {
  let out = ''
  for (let i = start; i < end && bytes[i] !== 0; i++) out += String.fromCharCode(bytes[i]!)
  return out
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes)
}

export function detectContainer(bytes: Uint8Array): ImageContainer {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp'
  if (isHeic(bytes)) return 'heic'
  return 'other'
}

const exifTags = {
  271: 'make',
  272: 'model',
  305: 'software',
  306: 'modifiedAt',
  36867: 'capturedAt',
} as const

/** EXIF (a TIFF structure): IFD0 and the Exif sub-IFD, ASCII tags only. */
function readTiff(tiff: Uint8Array, meta: ImageMetadata): void {
  if (tiff.length < 8) return
  const little = ascii(tiff, 0, 2) === 'II'
  if (!little && ascii(tiff, 0, 2) !== 'MM') return
  const u16 = (o: number) =>
    o + 2 > tiff.length ? -1 : little ? tiff[o]! | (tiff[o + 1]! << 8) : (tiff[o]! << 8) | tiff[o + 1]!
  const u32 = (o: number) =>
    o + 4 > tiff.length
      ? -1
      : little
        ? (tiff[o]! | (tiff[o + 1]! << 8) | (tiff[o + 2]! << 16)) + tiff[o + 3]! * 0x1000000
        : tiff[o]! * 0x1000000 + ((tiff[o + 1]! << 16) | (tiff[o + 2]! << 8) | tiff[o + 3]!)
  const visit = (ifd: number, depth: number) => {
    const count = u16(ifd)
    if (count < 0 || count > 1000 || depth > 2) return
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12
      const tag = u16(entry)
      const type = u16(entry + 2)
      const n = u32(entry + 4)
      if (tag === 0x8769) {
        const sub = u32(entry + 8)
        if (sub > 0 && sub < tiff.length) visit(sub, depth + 1)
        continue
      }
      const name = exifTags[tag as keyof typeof exifTags]
      if (!name || type !== 2 || n <= 0 || n > 4096) continue
      const at = n <= 4 ? entry + 8 : u32(entry + 8)
      if (at < 0 || at + n > tiff.length) continue
      const value = latin1Until0(tiff, at, at + n).trim()
      if (value === '') continue
      if (name === 'software') meta.software.push(value)
      else meta[name] = value
    }
  }
  const first = u32(4)
  if (first > 0 && first < tiff.length) visit(first, 0)
}

/** XMP packet: CreatorTool and every history softwareAgent (attribute or element form). */
function readXmp(text: string, meta: ImageMetadata): void {
  const pattern = /(?:xmp:CreatorTool|stEvt:softwareAgent)(?:="([^"]*)"|>([^<]*)<)/g
  for (const m of text.matchAll(pattern)) {
    const value = (m[1] ?? m[2] ?? '').trim()
    if (value !== '') meta.software.push(value)
  }
}

function readJpeg(bytes: Uint8Array): ImageMetadata {
  const meta = empty('jpeg')
  let o = 2
  while (o + 4 <= bytes.length) {
    if (bytes[o] !== 0xff) return meta
    const marker = bytes[o + 1]!
    if (marker === 0xff) {
      o += 1
      continue
    }
    if (marker === 0xd9) {
      meta.trailingBytes = bytes.length - (o + 2)
      return meta
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2
      continue
    }
    const length = (bytes[o + 2]! << 8) | bytes[o + 3]!
    if (length < 2 || o + 2 + length > bytes.length) return meta
    const body = bytes.subarray(o + 4, o + 2 + length)
    if (marker === 0xe1 && ascii(body, 0, 6) === 'Exif\0\0') readTiff(body.subarray(6), meta)
    else if (marker === 0xe1 && ascii(body, 0, 28) === 'http://ns.adobe.com/xap/1.0/')
      readXmp(utf8(body), meta)
    else if (marker === 0xed && ascii(body, 0, 13) === 'Photoshop 3.0') meta.photoshopResources = true
    else if (marker === 0xdb) readQuantTables(body, meta)
    if (marker === 0xda) {
      // Entropy-coded data follows: find EOI (0xFFD9) not preceded by a stuffed 0x00 / restart marker.
      o = skipScan(bytes, o + 2 + length)
      continue
    }
    o += 2 + length
  }
  return meta
}

function skipScan(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue
    const next = bytes[i + 1]!
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue
    return i
  }
  return bytes.length
}

function readQuantTables(body: Uint8Array, meta: ImageMetadata): void {
  let p = 0
  while (p < body.length) {
    const precision = body[p]! >> 4
    const id = body[p]! & 0x0f
    const size = precision === 0 ? 64 : 128
    if (p + 1 + size > body.length) return
    const values: number[] = []
    for (let i = 0; i < 64; i++) {
      values.push(precision === 0 ? body[p + 1 + i]! : (body[p + 1 + 2 * i]! << 8) | body[p + 2 + 2 * i]!)
    }
    meta.quantTables.push({ id, values })
    p += 1 + size
  }
}

function readPng(bytes: Uint8Array): ImageMetadata {
  const meta = empty('png')
  let o = 8
  while (o + 12 <= bytes.length) {
    const length = bytes[o]! * 0x1000000 + ((bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!)
    const type = ascii(bytes, o + 4, 4)
    const start = o + 8
    if (start + length + 4 > bytes.length) return meta
    const data = bytes.subarray(start, start + length)
    if (type === 'tEXt' || type === 'iTXt') {
      const keyEnd = data.indexOf(0)
      const key = keyEnd < 0 ? '' : ascii(data, 0, keyEnd)
      // iTXt: key\0 flag method lang\0 translated\0 text (uncompressed only is read).
      let text = ''
      if (type === 'tEXt') text = latin1Until0(data, keyEnd + 1, data.length)
      else if (data[keyEnd + 1] === 0) {
        let p = keyEnd + 3
        for (let skip = 0; skip < 2 && p < data.length; skip++) p = data.indexOf(0, p) + 1 || data.length
        text = utf8(data.subarray(p))
      }
      if (key === 'Software' && text.trim() !== '') meta.software.push(text.trim())
      if (key === 'XML:com.adobe.xmp') readXmp(text, meta)
    }
    if (type === 'eXIf') readTiff(data, meta)
    o = start + length + 4
    if (type === 'IEND') {
      meta.trailingBytes = bytes.length - o
      return meta
    }
  }
  return meta
}

function readWebp(bytes: Uint8Array): ImageMetadata {
  const meta = empty('webp')
  const riffEnd = 8 + (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16)) + bytes[7]! * 0x1000000
  meta.trailingBytes = Math.max(0, bytes.length - riffEnd)
  let o = 12
  while (o + 8 <= Math.min(bytes.length, riffEnd)) {
    const type = ascii(bytes, o, 4)
    const length = (bytes[o + 4]! | (bytes[o + 5]! << 8) | (bytes[o + 6]! << 16)) + bytes[o + 7]! * 0x1000000
    const data = bytes.subarray(o + 8, Math.min(bytes.length, o + 8 + length))
    if (type === 'EXIF') readTiff(ascii(data, 0, 6) === 'Exif\0\0' ? data.subarray(6) : data, meta)
    if (type === 'XMP ') readXmp(utf8(data), meta)
    o += 8 + length + (length % 2)
  }
  return meta
}

/**
 * HEIC: the `Exif` item (a 4-byte offset to the TIFF header, then the TIFF structure) and XMP (a `mime`
 * item of type `application/rdf+xml`), both located through `iloc`; trailing bytes after the last box.
 */
function readHeic(bytes: Uint8Array): ImageMetadata {
  const meta = empty('heic')
  let end = 0
  for (const box of boxes(bytes, 0, bytes.length)) end = box.end
  meta.trailingBytes = bytes.length - end
  const metaBoxFound = metaBox(bytes)
  if (!metaBoxFound) return meta
  for (const item of items(bytes, metaBoxFound)) {
    const xmp = item.type === 'mime' && item.contentType === 'application/rdf+xml'
    if (item.type !== 'Exif' && !xmp) continue
    const data = itemData(bytes, metaBoxFound, item.id)
    if (!data) continue
    if (xmp) readXmp(utf8(data), meta)
    else if (data.length >= 4)
      readTiff(data.subarray(4 + ((data[0]! << 24) | (data[1]! << 16) | (data[2]! << 8) | data[3]!)), meta)
  }
  return meta
}

/**
 * @example readImageMetadata(bytes).software // ['Adobe Photoshop 25.0 (Windows)']
 */
export function readImageMetadata(bytes: Uint8Array): ImageMetadata {
  const container = detectContainer(bytes)
  if (container === 'jpeg') return readJpeg(bytes)
  if (container === 'png') return readPng(bytes)
  if (container === 'webp') return readWebp(bytes)
  if (container === 'heic') return readHeic(bytes)
  return empty('other')
}
