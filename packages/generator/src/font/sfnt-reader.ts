/**
 * A minimal TrueType (glyf-outline sfnt) reader: just what the generator needs to measure text and subset a font.
 * Written by hand instead of pulling a font library so the subset bytes are fully under our control (the
 * families differ in how they number glyphs in the embedded subset).
 */

export interface GlyphMetrics {
  advance: number
}

export interface SfntFont {
  readonly tables: ReadonlyMap<string, Uint8Array>
  readonly unitsPerEm: number
  readonly numGlyphs: number
  readonly ascent: number
  readonly descent: number
  readonly capHeight: number
  readonly xHeight: number
  readonly bbox: readonly [number, number, number, number]
  readonly postScriptName: string
  glyphId(codePoint: number): number
  advance(gid: number): number
  /** Raw glyf bytes of one glyph (empty for a glyph without outline). */
  glyphBytes(gid: number): Uint8Array
  /** Component glyph ids of a composite glyph, in order ([] for a simple glyph). */
  components(gid: number): number[]
}

const u16 = (b: Uint8Array, o: number): number => (b[o]! << 8) | b[o + 1]!
const i16 = (b: Uint8Array, o: number): number => {
  const v = u16(b, o)
  return v >= 0x8000 ? v - 0x10000 : v
}
const u32 = (b: Uint8Array, o: number): number =>
  ((b[o]! << 24) >>> 0) + (b[o + 1]! << 16) + (b[o + 2]! << 8) + b[o + 3]!

function table(tables: Map<string, Uint8Array>, tag: string): Uint8Array {
  const t = tables.get(tag)
  if (!t) throw new Error(`font has no ${tag} table`)
  return t
}

function readCmap(cmap: Uint8Array): Map<number, number> {
  const map = new Map<number, number>()
  const count = u16(cmap, 2)
  let best = -1
  let bestScore = -1
  for (let i = 0; i < count; i++) {
    const platform = u16(cmap, 4 + i * 8)
    const encoding = u16(cmap, 6 + i * 8)
    const offset = u32(cmap, 8 + i * 8)
    const format = u16(cmap, offset)
    const score =
      platform === 3 && encoding === 10 && format === 12 ? 3 : platform === 3 && encoding === 1 ? 2 : 0
    if (score > bestScore) {
      bestScore = score
      best = offset
    }
  }
  if (best < 0) throw new Error('font has no usable cmap')
  const format = u16(cmap, best)
  if (format === 12) {
    const groups = u32(cmap, best + 12)
    for (let g = 0; g < groups; g++) {
      const o = best + 16 + g * 12
      const start = u32(cmap, o)
      const end = u32(cmap, o + 4)
      const gid = u32(cmap, o + 8)
      // Only the BMP and a little beyond matter for receipts; cap to keep the map small.
      for (let c = start; c <= end && c < 0x30000; c++) map.set(c, gid + c - start)
    }
    return map
  }
  if (format !== 4) throw new Error(`unsupported cmap format ${format}`)
  const segX2 = u16(cmap, best + 6)
  const ends = best + 14
  const starts = ends + segX2 + 2
  const deltas = starts + segX2
  const ranges = deltas + segX2
  for (let s = 0; s < segX2 / 2; s++) {
    const end = u16(cmap, ends + s * 2)
    const start = u16(cmap, starts + s * 2)
    const delta = u16(cmap, deltas + s * 2)
    const rangeOffset = u16(cmap, ranges + s * 2)
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let gid: number
      if (rangeOffset === 0) gid = (c + delta) & 0xffff
      else {
        const at = ranges + s * 2 + rangeOffset + (c - start) * 2
        gid = u16(cmap, at)
        if (gid !== 0) gid = (gid + delta) & 0xffff
      }
      if (gid !== 0) map.set(c, gid)
    }
  }
  return map
}

function readPostScriptName(name: Uint8Array | undefined): string {
  if (!name) return 'Font'
  const count = u16(name, 2)
  const strings = u16(name, 4)
  for (let i = 0; i < count; i++) {
    const r = 6 + i * 12
    if (u16(name, r + 6) !== 6) continue
    const platform = u16(name, r)
    const len = u16(name, r + 8)
    const off = strings + u16(name, r + 10)
    let s = ''
    if (platform === 3 || platform === 0)
      for (let k = 0; k < len; k += 2) s += String.fromCharCode(u16(name, off + k))
    else for (let k = 0; k < len; k++) s += String.fromCharCode(name[off + k]!)
    if (s) return s
  }
  return 'Font'
}

export function readSfnt(bytes: Uint8Array): SfntFont {
  const tables = new Map<string, Uint8Array>()
  const numTables = u16(bytes, 4)
  for (let i = 0; i < numTables; i++) {
    const r = 12 + i * 16
    const tag = String.fromCharCode(bytes[r]!, bytes[r + 1]!, bytes[r + 2]!, bytes[r + 3]!)
    const offset = u32(bytes, r + 8)
    const length = u32(bytes, r + 12)
    tables.set(tag, bytes.subarray(offset, offset + length))
  }
  const head = table(tables, 'head')
  const hhea = table(tables, 'hhea')
  const maxp = table(tables, 'maxp')
  const hmtx = table(tables, 'hmtx')
  const loca = table(tables, 'loca')
  const glyf = table(tables, 'glyf')
  const os2 = tables.get('OS/2')
  const unitsPerEm = u16(head, 18)
  const longLoca = i16(head, 50) === 1
  const numGlyphs = u16(maxp, 4)
  const numberOfHMetrics = u16(hhea, 34)
  const cmap = readCmap(table(tables, 'cmap'))
  const glyphStart = (gid: number): number => (longLoca ? u32(loca, gid * 4) : u16(loca, gid * 2) * 2)
  const glyphBytes = (gid: number): Uint8Array => glyf.subarray(glyphStart(gid), glyphStart(gid + 1))
  const components = (gid: number): number[] => {
    const g = glyphBytes(gid)
    if (g.length === 0 || i16(g, 0) >= 0) return []
    const out: number[] = []
    let o = 10
    for (;;) {
      const flags = u16(g, o)
      out.push(u16(g, o + 2))
      o += 4 + (flags & 1 ? 4 : 2)
      if (flags & 8) o += 2
      else if (flags & 0x40) o += 4
      else if (flags & 0x80) o += 8
      if (!(flags & 0x20)) break
    }
    return out
  }
  return {
    tables,
    unitsPerEm,
    numGlyphs,
    ascent: i16(hhea, 4),
    descent: i16(hhea, 6),
    capHeight: os2 && u16(os2, 0) >= 2 ? i16(os2, 88) : Math.round(unitsPerEm * 0.7),
    xHeight: os2 && u16(os2, 0) >= 2 ? i16(os2, 86) : Math.round(unitsPerEm * 0.5),
    bbox: [i16(head, 36), i16(head, 38), i16(head, 40), i16(head, 42)],
    postScriptName: readPostScriptName(tables.get('name')),
    glyphId: (cp) => cmap.get(cp) ?? 0,
    advance: (gid) => u16(hmtx, Math.min(gid, numberOfHMetrics - 1) * 4),
    glyphBytes,
    components,
  }
}
