import type { SfntFont } from './sfnt-reader'

/**
 * TrueType subsetting in the two styles the banks' PDF libraries use:
 * - `renumber`: glyph 0 stays .notdef and the used glyphs follow in the order given (BI Publisher numbers them in
 *   order of first use; PDFBox also renumbers but keeps the original ids as CIDs through a CIDToGIDMap).
 * - `keep`: glyph ids are unchanged and unused outlines are emptied (iText/OpenPDF/Skia; the CIDs are the original
 *   glyph ids with `/CIDToGIDMap /Identity`).
 */
export type SubsetMode = 'renumber' | 'keep'

export interface SubsetResult {
  bytes: Uint8Array
  /** original glyph id -> glyph id in the subset */
  gidMap: Map<number, number>
}

export interface SubsetOptions {
  mode: SubsetMode
  /** Char codes (or Unicode code points) to map in a cmap table: [code, original gid]. Omitted: no cmap. */
  cmap?: Array<[number, number]>
  /** Copy OS/2 and name tables (for fonts that are themselves font sources, not PDF embeddings). */
  keepInfoTables?: boolean
  /**
   * Glyphs borrowed from another font, appended after the subset (renumber mode). Called with the glyph id the
   * first extra glyph will get, so composite glyphs can point at each other. `code` maps it in the cmap.
   */
  extraGlyphs?: (firstGid: number) => Array<{ bytes: Uint8Array; advance: number; code?: number }>
}

const w16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff]
const w32 = (v: number): number[] => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]

function checksum(b: Uint8Array): number {
  let sum = 0
  for (let i = 0; i < b.length; i += 4) {
    sum =
      (sum +
        (((b[i] ?? 0) << 24) >>> 0) +
        ((b[i + 1] ?? 0) << 16) +
        ((b[i + 2] ?? 0) << 8) +
        (b[i + 3] ?? 0)) >>>
      0
  }
  return sum
}

function closure(font: SfntFont, gids: readonly number[]): number[] {
  const order: number[] = [0]
  const seen = new Set<number>([0])
  const visit = (g: number): void => {
    if (seen.has(g) || g >= font.numGlyphs) return
    seen.add(g)
    order.push(g)
  }
  for (const g of gids) visit(g)
  // Components go after the requested glyphs so the requested order (first use) is not disturbed.
  for (let i = 0; i < order.length; i++) for (const c of font.components(order[i]!)) visit(c)
  return order
}

function remapComposite(glyph: Uint8Array, gidMap: Map<number, number>): Uint8Array {
  const g = glyph.slice()
  if (g.length === 0 || ((g[0]! << 8) | g[1]!) < 0x8000) return g
  let o = 10
  for (;;) {
    const flags = (g[o]! << 8) | g[o + 1]!
    const old = (g[o + 2]! << 8) | g[o + 3]!
    const n = gidMap.get(old) ?? 0
    g[o + 2] = n >> 8
    g[o + 3] = n & 0xff
    o += 4 + (flags & 1 ? 4 : 2)
    if (flags & 8) o += 2
    else if (flags & 0x40) o += 4
    else if (flags & 0x80) o += 8
    if (!(flags & 0x20)) break
  }
  return g
}

/** cmap with a (3,1) format 4 subtable, plus (1,0) format 0 when every code fits in a byte. */
function buildCmap(pairs: Array<[number, number]>): Uint8Array {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0])
  const segs: Array<{ start: number; end: number; gids: number[] }> = []
  for (const [c, g] of sorted) {
    const last = segs[segs.length - 1]
    if (last && c === last.end + 1) {
      last.end = c
      last.gids.push(g)
    } else segs.push({ start: c, end: c, gids: [g] })
  }
  const segCount = segs.length + 1
  const ends: number[] = []
  const starts: number[] = []
  const deltas: number[] = []
  const offsets: number[] = []
  const glyphArray: number[] = []
  segs.forEach((s, i) => {
    ends.push(...w16(s.end))
    starts.push(...w16(s.start))
    const delta = (s.gids[0]! - s.start) & 0xffff
    const linear = s.gids.every((g, k) => g === s.gids[0]! + k)
    if (linear) {
      deltas.push(...w16(delta))
      offsets.push(0, 0)
    } else {
      deltas.push(0, 0)
      offsets.push(...w16((segCount - i + glyphArray.length / 2) * 2))
      for (const g of s.gids) glyphArray.push(...w16(g))
    }
  })
  ends.push(0xff, 0xff)
  starts.push(0xff, 0xff)
  deltas.push(0, 1)
  offsets.push(0, 0)
  let p = 1
  let e = 0
  while (p * 2 <= segCount) {
    p *= 2
    e++
  }
  const body = [...ends, 0, 0, ...starts, ...deltas, ...offsets, ...glyphArray]
  const f4 = [...w16(4), ...w16(14 + body.length), 0, 0, ...w16(segCount * 2), ...w16(p * 2), ...w16(e)]
  f4.push(...w16(segCount * 2 - p * 2), ...body)
  const byteCodes = sorted.every(([c]) => c < 256)
  const subtables: number[][] = [f4]
  const records: Array<[number, number]> = [[3, 1]]
  if (byteCodes) {
    const map = new Array<number>(256).fill(0)
    for (const [c, g] of sorted) map[c] = g
    subtables.unshift([...w16(0), ...w16(262), 0, 0, ...map])
    records.unshift([1, 0])
  }
  const out = [...w16(0), ...w16(records.length)]
  let off = 4 + records.length * 8
  records.forEach(([pl, en], i) => {
    out.push(...w16(pl), ...w16(en), ...w32(off))
    off += subtables[i]!.length
  })
  for (const s of subtables) out.push(...s)
  return Uint8Array.from(out)
}

function postFormat3(): Uint8Array {
  return Uint8Array.from([0, 3, 0, 0, ...new Array<number>(28).fill(0)])
}

export function subsetFont(font: SfntFont, gids: readonly number[], options: SubsetOptions): SubsetResult {
  const { slots, gidMap } = glyphSlots(closure(font, gids), options.mode)
  const extras = options.extraGlyphs?.(slots.length) ?? []
  const glyphs = glyphBodies(font, slots, gidMap, extras)
  const { glyf, loca } = glyfAndLoca(glyphs)
  const hmtx: number[] = []
  slots.forEach((g) => {
    hmtx.push(...w16(g === null ? 0 : font.advance(g)), 0, 0)
  })
  for (const e of extras) hmtx.push(...w16(e.advance), 0, 0)
  const head = font.tables.get('head')!.slice()
  head.set([0, 0, 0, 0], 8)
  head.set([0, 1], 50)
  const hhea = font.tables.get('hhea')!.slice()
  hhea.set(w16(glyphs.length), 34)
  const maxp = font.tables.get('maxp')!.slice()
  maxp.set(w16(glyphs.length), 4)
  const out = new Map<string, Uint8Array>()
  copyTables(font, ['cvt ', 'fpgm', 'prep'], out)
  out.set('glyf', glyf)
  out.set('head', head)
  out.set('hhea', hhea)
  out.set('hmtx', Uint8Array.from(hmtx))
  out.set('loca', loca)
  out.set('maxp', maxp)
  if (options.cmap) {
    const pairs: Array<[number, number]> = options.cmap.map(([c, g]) => [c, gidMap.get(g) ?? 0])
    extras.forEach((e, k) => {
      if (e.code !== undefined) pairs.push([e.code, slots.length + k])
    })
    out.set('cmap', buildCmap(pairs))
    out.set('post', postFormat3())
  }
  if (options.keepInfoTables) copyTables(font, ['OS/2', 'name'], out)
  return { bytes: assemble(out), gidMap }
}

/**
 * The subset's glyph slots and the old → new id map: `renumber` packs the used glyphs from 0; `keep` leaves
 * each at its own id with empty slots between.
 */
function glyphSlots(
  used: number[],
  mode: SubsetMode,
): { slots: Array<number | null>; gidMap: Map<number, number> } {
  const gidMap = new Map<number, number>()
  if (mode === 'renumber') {
    used.forEach((g, i) => {
      gidMap.set(g, i)
    })
    return { slots: used, gidMap }
  }
  const max = Math.max(...used)
  const usedSet = new Set(used)
  const slots = Array.from({ length: max + 1 }, (_, g) => (usedSet.has(g) ? g : null))
  for (const g of used) gidMap.set(g, g)
  return { slots, gidMap }
}

/** Each slot's glyph (composites remapped) and the extra glyphs after them, every one padded to 4 bytes. */
function glyphBodies(
  font: SfntFont,
  slots: Array<number | null>,
  gidMap: Map<number, number>,
  extras: ReadonlyArray<{ bytes: Uint8Array }>,
): Uint8Array[] {
  return [
    ...slots.map((g) => {
      if (g === null) return new Uint8Array(0)
      const b = remapComposite(font.glyphBytes(g), gidMap)
      const pad = (4 - (b.length % 4)) % 4
      if (pad === 0) return b
      const padded = new Uint8Array(b.length + pad)
      padded.set(b)
      return padded
    }),
    ...extras.map((e) =>
      e.bytes.length % 4
        ? Uint8Array.from([...e.bytes, 0, 0, 0].slice(0, (e.bytes.length + 3) & ~3))
        : e.bytes,
    ),
  ]
}

/** `glyf` (the bodies end to end) and its long-format `loca`. */
function glyfAndLoca(glyphs: Uint8Array[]): { glyf: Uint8Array; loca: Uint8Array } {
  const glyf = new Uint8Array(glyphs.reduce((n, g) => n + g.length, 0))
  const loca: number[] = []
  let at = 0
  for (const g of glyphs) {
    loca.push(...w32(at))
    glyf.set(g, at)
    at += g.length
  }
  loca.push(...w32(at))
  return { glyf, loca: Uint8Array.from(loca) }
}

function copyTables(font: SfntFont, tags: string[], out: Map<string, Uint8Array>): void {
  for (const tag of tags) {
    const t = font.tables.get(tag)
    if (t) out.set(tag, t)
  }
}

function assemble(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort()
  const n = tags.length
  let p = 1
  let e = 0
  while (p * 2 <= n) {
    p *= 2
    e++
  }
  const headerLen = 12 + n * 16
  let size = headerLen
  for (const t of tags) size += (tables.get(t)!.length + 3) & ~3
  const out = new Uint8Array(size)
  out.set([...w32(0x00010000), ...w16(n), ...w16(p * 16), ...w16(e), ...w16(n * 16 - p * 16)], 0)
  let off = headerLen
  let headOffset = 0
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!
    const r = 12 + i * 16
    for (let k = 0; k < 4; k++) out[r + k] = tag.charCodeAt(k)
    out.set([...w32(checksum(data)), ...w32(off), ...w32(data.length)], r + 4)
    out.set(data, off)
    if (tag === 'head') headOffset = off
    off += (data.length + 3) & ~3
  })
  const adjust = (0xb1b0afba - checksum(out)) >>> 0
  out.set(w32(adjust), headOffset + 8)
  return out
}
