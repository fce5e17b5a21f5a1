/**
 * ISO base media file format (ISO/IEC 14496-12) boxes, as HEIF (ISO/IEC 23008-12) stores a still image:
 * `ftyp` (brands), then `meta` with `pitm` (the primary item), `iinf` (each item's coding: `hvc1` is HEVC,
 * `av01` AV1, `grid` a mosaic of tiles), and `iprp` → `ipco` (properties) + `ipma` (which item has which).
 * Every walk is bounded by its parent box and the buffer: a hostile size ends the walk, never throws.
 */
import { ascii, u16be, u32be } from './byte-reading'

export interface Box {
  type: string
  /** First byte after the box header (for a full box, the version byte). */
  start: number
  /** One past the box's last byte. */
  end: number
}

/** The boxes laid one after another in `[from, to)`; stops at the first that does not fit. */
export function* boxes(b: Uint8Array, from: number, to: number): Generator<Box> {
  let i = from
  const limit = Math.min(to, b.length)
  while (i + 8 <= limit) {
    let size = u32be(b, i)
    let header = 8
    if (size === 1) {
      // 64-bit size: anything past 4 GiB cannot fit a 10 MiB upload.
      if (i + 16 > limit || u32be(b, i + 8) !== 0) return
      size = u32be(b, i + 12)
      header = 16
    } else if (size === 0) size = limit - i
    if (size < header || i + size > limit) return
    yield { type: ascii(b, i + 4, 4), start: i + header, end: i + size }
    i += size
  }
}

export function child(b: Uint8Array, parent: Box, type: string, skip = 0): Box | undefined {
  for (const box of boxes(b, parent.start + skip, parent.end)) if (box.type === type) return box
  return undefined
}

/** A full box's version (its first payload byte). */
export function version(b: Uint8Array, box: Box): number {
  return box.start < box.end ? b[box.start]! : -1
}

/** The `ftyp` brands: major first, then the compatible ones. */
export function brands(b: Uint8Array): string[] {
  const ftyp = boxes(b, 0, b.length).next().value
  if (ftyp?.type !== 'ftyp' || ftyp.end - ftyp.start < 8) return []
  const out = [ascii(b, ftyp.start, 4)]
  for (let o = ftyp.start + 8; o + 4 <= ftyp.end; o += 4) out.push(ascii(b, o, 4))
  return out
}

export function metaBox(b: Uint8Array): Box | undefined {
  for (const box of boxes(b, 0, b.length)) if (box.type === 'meta') return box
  return undefined
}

/** `meta` is a full box: its children start after 4 bytes of version and flags. */
export function metaChild(b: Uint8Array, meta: Box, type: string): Box | undefined {
  return child(b, meta, type, 4)
}

export function primaryItemId(b: Uint8Array, meta: Box): number | null {
  const pitm = metaChild(b, meta, 'pitm')
  if (!pitm) return null
  if (version(b, pitm) === 0) return pitm.start + 6 <= pitm.end ? u16be(b, pitm.start + 4) : null
  return pitm.start + 8 <= pitm.end ? u32be(b, pitm.start + 4) : null
}

export interface HeifItem {
  id: number
  /** `hvc1`, `av01`, `grid`, `Exif`, `mime`, … */
  type: string
  /** For `mime` items, the content type (`application/rdf+xml` is XMP). */
  contentType: string | null
}

/** The items `iinf` declares (`infe` version 2 and 3; older entries carry no type and are left out). */
export function items(b: Uint8Array, meta: Box): HeifItem[] {
  const out: HeifItem[] = []
  const iinf = metaChild(b, meta, 'iinf')
  if (!iinf) return out
  const skip = version(b, iinf) === 0 ? 6 : 8
  for (const infe of boxes(b, iinf.start + skip, iinf.end)) {
    const v = version(b, infe)
    if (infe.type !== 'infe' || v < 2) continue
    const idSize = v === 2 ? 2 : 4
    const typeAt = infe.start + 4 + idSize + 2
    if (typeAt + 4 > infe.end) continue
    const id = idSize === 2 ? u16be(b, infe.start + 4) : u32be(b, infe.start + 4)
    const type = ascii(b, typeAt, 4)
    let contentType: string | null = null
    if (type === 'mime') {
      // item_name, then content_type: NUL-terminated strings.
      const nameEnd = b.indexOf(0, typeAt + 4)
      if (nameEnd >= 0 && nameEnd < infe.end) contentType = cString(b, nameEnd + 1, infe.end)
    }
    out.push({ id, type, contentType })
  }
  return out
}

/** Item id → item type. */
export function itemTypes(b: Uint8Array, meta: Box): Map<number, string> {
  return new Map(items(b, meta).map((item) => [item.id, item.type]))
}

/**
 * The bytes of an item stored in the file (`iloc` construction method 0), its extents joined; null when
 * the item is not there, is stored another way (`idat`, another item) or reaches past the buffer.
 */
export function itemData(b: Uint8Array, meta: Box, itemId: number): Uint8Array | null {
  const iloc = metaChild(b, meta, 'iloc')
  if (!iloc || iloc.start + 8 > iloc.end) return null
  const v = version(b, iloc)
  const offsetSize = b[iloc.start + 4]! >> 4
  const lengthSize = b[iloc.start + 4]! & 15
  const baseSize = b[iloc.start + 5]! >> 4
  const indexSize = v >= 1 ? b[iloc.start + 5]! & 15 : 0
  const extentSize = indexSize + offsetSize + lengthSize
  // Zero-width extents would let a few bytes declare 65 535 of them per item: no real file has them.
  if (extentSize === 0) return null
  const sized = (o: number, n: number) =>
    n === 0 ? 0 : n === 4 ? u32be(b, o) : n === 8 && u32be(b, o) === 0 ? u32be(b, o + 4) : -1
  let o = iloc.start + 6
  const count = v < 2 ? u16be(b, o) : u32be(b, o)
  o += v < 2 ? 2 : 4
  for (let i = 0; i < count && o < iloc.end; i++) {
    const id = v < 2 ? u16be(b, o) : u32be(b, o)
    o += v < 2 ? 2 : 4
    const method = v >= 1 ? u16be(b, o) & 15 : 0
    o += (v >= 1 ? 2 : 0) + 2
    const base = sized(o, baseSize)
    o += baseSize
    if (o + 2 > iloc.end) return null
    const extents = u16be(b, o)
    o += 2
    if (o + extents * extentSize > iloc.end) return null
    if (id !== itemId) {
      o += extents * extentSize
      continue
    }
    if (method !== 0 || base < 0) return null
    const parts: Uint8Array[] = []
    for (let e = 0; e < extents; e++, o += extentSize) {
      const offset = sized(o + indexSize, offsetSize)
      const length = sized(o + indexSize + offsetSize, lengthSize)
      // Length 0 means "to the end of the file".
      const end = length === 0 ? b.length : base + offset + length
      if (offset < 0 || length < 0 || end > b.length) return null
      parts.push(b.subarray(base + offset, end))
    }
    // Metadata items (the only ones read whole) are small: joining them byte by byte costs nothing.
    return parts.length === 1 ? parts[0]! : Uint8Array.from(parts.flatMap((part) => [...part]))
  }
  return null
}

function cString(b: Uint8Array, from: number, to: number): string {
  const end = b.indexOf(0, from)
  return ascii(b, from, (end < 0 || end > to ? to : end) - from)
}

/** The properties associated with `itemId`, in association order (the order transforms apply in). */
export function itemProperties(b: Uint8Array, meta: Box, itemId: number): Box[] {
  const iprp = metaChild(b, meta, 'iprp')
  const ipco = iprp && child(b, iprp, 'ipco')
  const ipma = iprp && child(b, iprp, 'ipma')
  if (!ipco || !ipma) return []
  const properties = [...boxes(b, ipco.start, ipco.end)]
  const v = version(b, ipma)
  const wideIndex = (b[ipma.start + 3]! & 1) === 1
  let o = ipma.start + 8
  const entries = ipma.start + 8 <= ipma.end ? u32be(b, ipma.start + 4) : 0
  for (let e = 0; e < entries; e++) {
    const idSize = v < 1 ? 2 : 4
    if (o + idSize + 1 > ipma.end) return []
    const id = idSize === 2 ? u16be(b, o) : u32be(b, o)
    const count = b[o + idSize]!
    o += idSize + 1
    const indices: number[] = []
    for (let k = 0; k < count; k++) {
      if (o + (wideIndex ? 2 : 1) > ipma.end) return []
      indices.push(wideIndex ? u16be(b, o) & 0x7fff : b[o]! & 0x7f)
      o += wideIndex ? 2 : 1
    }
    // Index 0 means "no property"; the rest are 1-based into ipco.
    if (id === itemId) return indices.flatMap((i) => (i > 0 && properties[i - 1] ? [properties[i - 1]!] : []))
  }
  return []
}
