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

/** Item id → item type (`infe` version 2 and 3; older entries carry no type and are left out). */
export function itemTypes(b: Uint8Array, meta: Box): Map<number, string> {
  const types = new Map<number, string>()
  const iinf = metaChild(b, meta, 'iinf')
  if (!iinf) return types
  const skip = version(b, iinf) === 0 ? 6 : 8
  for (const infe of boxes(b, iinf.start + skip, iinf.end)) {
    if (infe.type !== 'infe') continue
    const v = version(b, infe)
    if (v === 2 && infe.start + 12 <= infe.end)
      types.set(u16be(b, infe.start + 4), ascii(b, infe.start + 8, 4))
    if (v === 3 && infe.start + 14 <= infe.end)
      types.set(u32be(b, infe.start + 4), ascii(b, infe.start + 10, 4))
  }
  return types
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
