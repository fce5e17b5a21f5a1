/**
 * Adds glyphs to an embedded TrueType subset the way a re-subsetting kit does: every existing glyph stays
 * byte for byte at its id (old glyphs are left in place), new outlines fill an empty slot or go after the
 * last glyph; loca, hmtx, maxp, hhea and head follow. Other tables are copied unchanged. Core's
 * `readTrueType` only summarises a program, and the generator's subsetter rebuilds a font from a full one;
 * neither edits a subset in place, hence this file.
 */

export interface GlyphSlot {
  gid: number
  /** Raw glyf bytes (a simple glyph: composites would point at the donor's ids). */
  bytes: Uint8Array
  advance: number
}

type Tables = Map<string, Uint8Array>

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength)
}

export function readTables(font: Uint8Array): Tables {
  const v = view(font)
  const tables: Tables = new Map()
  for (let i = 0; i < v.getUint16(4); i++) {
    const rec = 12 + i * 16
    const tag = String.fromCharCode(...font.subarray(rec, rec + 4))
    const offset = v.getUint32(rec + 8)
    tables.set(tag, font.subarray(offset, offset + v.getUint32(rec + 12)))
  }
  for (const tag of ['head', 'maxp', 'hhea', 'hmtx', 'loca', 'glyf'])
    if (!tables.has(tag)) throw new Error(`font program has no ${tag} table`)
  return tables
}

function directoryChecksums(font: Uint8Array): Map<string, number> {
  const v = view(font)
  const out = new Map<string, number>()
  for (let i = 0; i < v.getUint16(4); i++) {
    const rec = 12 + i * 16
    out.set(String.fromCharCode(...font.subarray(rec, rec + 4)), v.getUint32(rec + 4))
  }
  return out
}

export function unitsPerEm(tables: Tables): number {
  return view(tables.get('head')!).getUint16(18)
}

/** Every glyph's bytes, advance and left side bearing. */
function glyphs(tables: Tables): { bytes: Uint8Array; advance: number; lsb: number }[] {
  const n = view(tables.get('maxp')!).getUint16(4)
  const long = view(tables.get('head')!).getInt16(50) === 1
  const loca = view(tables.get('loca')!)
  const hmtx = view(tables.get('hmtx')!)
  const metrics = view(tables.get('hhea')!).getUint16(34)
  const at = (g: number) => (long ? loca.getUint32(g * 4) : loca.getUint16(g * 2) * 2)
  const out = []
  for (let g = 0; g < n; g++) {
    const m = Math.min(g, metrics - 1)
    out.push({
      bytes: tables.get('glyf')!.subarray(at(g), at(g + 1)),
      advance: hmtx.getUint16(m * 4),
      lsb: g < metrics ? hmtx.getInt16(g * 4 + 2) : hmtx.getInt16(metrics * 4 + (g - metrics) * 2),
    })
  }
  return out
}

export function glyphOf(tables: Tables, gid: number): GlyphSlot | null {
  const g = glyphs(tables)[gid]
  return g ? { gid, bytes: g.bytes, advance: g.advance } : null
}

export function glyphCount(tables: Tables): number {
  return view(tables.get('maxp')!).getUint16(4)
}

/** Outlines back to back in `glyf`, and `loca` (long: byte offsets; short: offsets / 2) pointing at them. */
function layOut(list: readonly Uint8Array[], long: boolean): { glyf: Uint8Array; loca: Uint8Array } {
  const glyf = new Uint8Array(list.reduce((n, g) => n + g.length, 0))
  const loca = new Uint8Array((list.length + 1) * (long ? 4 : 2))
  const lv = view(loca)
  let at = 0
  list.forEach((g, i) => {
    if (long) lv.setUint32(i * 4, at)
    else lv.setUint16(i * 2, at / 2)
    glyf.set(g, at)
    at += g.length
  })
  if (long) lv.setUint32(list.length * 4, at)
  else lv.setUint16(list.length * 2, at / 2)
  return { glyf, loca }
}

/** The font with `slots` written in (an existing slot must be empty); everything else kept. */
export function withGlyphs(font: Uint8Array, slots: readonly GlyphSlot[]): Uint8Array {
  const tables = readTables(font)
  const list = glyphs(tables)
  for (const s of slots) {
    if (s.gid < list.length && list[s.gid]!.bytes.length > 0) throw new Error(`glyph ${s.gid} is not empty`)
    while (list.length <= s.gid) list.push({ bytes: new Uint8Array(0), advance: 0, lsb: 0 })
    const xMin = s.bytes.length >= 4 ? view(s.bytes).getInt16(2) : 0
    list[s.gid] = { bytes: s.bytes, advance: s.advance, lsb: xMin }
  }
  // Short loca counts in words: a glyph of odd length gets one zero byte (original glyphs are even there).
  const originalLong = view(tables.get('head')!).getInt16(50) === 1
  const padded = list.map((g) => {
    if (originalLong || g.bytes.length % 2 === 0) return g.bytes
    const p = new Uint8Array(g.bytes.length + 1)
    p.set(g.bytes)
    return p
  })
  const long = originalLong || padded.reduce((n, g) => n + g.length, 0) > 0x1fffe
  const { glyf, loca } = layOut(padded, long)
  const hmtx = new Uint8Array(list.length * 4)
  list.forEach((g, i) => {
    view(hmtx).setUint16(i * 4, g.advance)
    view(hmtx).setInt16(i * 4 + 2, g.lsb)
  })
  const head = tables.get('head')!.slice()
  view(head).setInt16(50, long ? 1 : 0)
  const maxp = tables.get('maxp')!.slice()
  view(maxp).setUint16(4, list.length)
  const hhea = tables.get('hhea')!.slice()
  view(hhea).setUint16(34, list.length)
  for (const [tag, data] of Object.entries({ glyf, loca, hmtx, head, maxp, hhea })) tables.set(tag, data)
  return writeTables(tables)
}

function checksum(b: Uint8Array): number {
  const padded = new Uint8Array((b.length + 3) & ~3)
  padded.set(b)
  const v = view(padded)
  let sum = 0
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0
  return sum
}

/** A table directory in tag order, 4-byte aligned tables, checksums and head.checkSumAdjustment. */
export function writeTables(
  tables: Tables,
  options: { keepHead?: boolean; checksums?: ReadonlyMap<string, number> } = {},
): Uint8Array {
  const tags = [...tables.keys()].sort()
  const entrySelector = Math.floor(Math.log2(tags.length))
  const searchRange = 2 ** entrySelector * 16
  let size = 12 + tags.length * 16
  const offsets = tags.map((t) => {
    const o = size
    size += (tables.get(t)!.length + 3) & ~3
    return o
  })
  const out = new Uint8Array(size)
  const v = view(out)
  v.setUint32(0, 0x00010000)
  v.setUint16(4, tags.length)
  v.setUint16(6, searchRange)
  v.setUint16(8, entrySelector)
  v.setUint16(10, tags.length * 16 - searchRange)
  tags.forEach((tag, i) => {
    const resetHead = tag === 'head' && !options.keepHead
    const data = resetHead ? tables.get(tag)!.slice() : tables.get(tag)!
    if (resetHead) view(data).setUint32(8, 0)
    const rec = 12 + i * 16
    for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k)
    v.setUint32(rec + 4, options.checksums?.get(tag) ?? checksum(data))
    v.setUint32(rec + 8, offsets[i]!)
    v.setUint32(rec + 12, data.length)
    out.set(data, offsets[i]!)
  })
  if (options.keepHead) return out
  const head = offsets[tags.indexOf('head')]!
  v.setUint32(head + 8, (0xb1b0afba - checksum(out)) >>> 0)
  return out
}

/**
 * The font with outlines written into empty slots of a kept-id subset, as iText/OpenPDF's subsetter lays
 * a subset out: only `glyf` (outlines back to back, the table padded to 4 bytes) and `loca` (same format)
 * are rebuilt; `hmtx`, `maxp`, `hhea` and `head` (its checkSumAdjustment included) stay byte for byte, as
 * that subsetter copies them from the full font. A slot must exist and be empty.
 */
export function fillSlots(font: Uint8Array, slots: readonly GlyphSlot[]): Uint8Array {
  const tables = readTables(font)
  const list = glyphs(tables).map((g) => g.bytes)
  for (const s of slots) {
    if (s.gid >= list.length || list[s.gid]!.length > 0)
      throw new Error(`glyph ${s.gid} is not an empty slot`)
    list[s.gid] = s.bytes
  }
  const long = view(tables.get('head')!).getInt16(50) === 1
  if (!long && slots.some((s) => s.bytes.length % 2 === 1)) throw new Error('odd glyph in a short loca')
  const { glyf, loca } = layOut(list, long)
  if (!long && glyf.length > 0x1fffe) throw new Error('glyf too long for a short loca')
  tables.set('glyf', glyf)
  tables.set('loca', loca)
  // The copied tables keep their directory checksums as the subsetter wrote them (head's is not recomputed).
  const checksums = directoryChecksums(font)
  checksums.delete('glyf')
  checksums.delete('loca')
  return writeTables(tables, { keepHead: true, checksums })
}
