/**
 * Just enough of an embedded TrueType program (FontFile2) to compare it with the page: how many glyphs
 * carry outlines, which glyphs composites pull in, and the advance widths. All reads are bounds-checked.
 */

export interface TrueTypeSummary {
  numGlyphs: number
  unitsPerEm: number
  /** Glyph ids whose outline is non-empty. */
  outlined: number[]
  /** Composite glyph id → component glyph ids (a drawn composite legitimately keeps its parts). */
  components: Record<number, number[]>
  /** Advance width per glyph id in font units (the last hmtx value repeats, per the spec). */
  advances: number[]
}

const MAX_GLYPHS = 65536

export function readTrueType(data: Uint8Array): TrueTypeSummary | null {
  if (data.length < 12) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const u16 = (at: number) => (at + 2 <= data.length ? view.getUint16(at) : 0)
  const u32 = (at: number) => (at + 4 <= data.length ? view.getUint32(at) : 0)
  const numTables = u16(4)
  const tables = new Map<string, { offset: number; length: number }>()
  for (let i = 0; i < numTables && i < 64; i++) {
    const rec = 12 + i * 16
    const tag = String.fromCharCode(data[rec]!, data[rec + 1]!, data[rec + 2]!, data[rec + 3]!)
    tables.set(tag, { offset: u32(rec + 8), length: u32(rec + 12) })
  }
  const head = tables.get('head')
  const maxp = tables.get('maxp')
  if (!head || !maxp) return null
  const unitsPerEm = u16(head.offset + 18) || 1000
  const locFormat = u16(head.offset + 50)
  const numGlyphs = Math.min(u16(maxp.offset + 4), MAX_GLYPHS)
  const outlined: number[] = []
  const components: Record<number, number[]> = {}
  const loca = tables.get('loca')
  const glyf = tables.get('glyf')
  if (loca && glyf) {
    const at = (i: number) => (locFormat === 0 ? u16(loca.offset + i * 2) * 2 : u32(loca.offset + i * 4))
    for (let g = 0; g < numGlyphs; g++) {
      const start = at(g)
      const end = at(g + 1)
      if (end <= start) continue
      outlined.push(g)
      const gAt = glyf.offset + start
      if (view.getInt16(Math.min(gAt, data.length - 2)) < 0)
        components[g] = readComponents(u16, gAt + 10, glyf.offset + end)
    }
  }
  const advances: number[] = []
  const hhea = tables.get('hhea')
  const hmtx = tables.get('hmtx')
  if (hhea && hmtx) {
    const nMetrics = Math.min(u16(hhea.offset + 34), numGlyphs)
    for (let g = 0; g < nMetrics; g++) advances.push(u16(hmtx.offset + g * 4))
  }
  return { numGlyphs, unitsPerEm, outlined, components, advances }
}

function readComponents(u16: (at: number) => number, start: number, end: number): number[] {
  const out: number[] = []
  let at = start
  for (let k = 0; k < 64 && at + 4 <= end; k++) {
    const flags = u16(at)
    out.push(u16(at + 2))
    at += 4
    at += flags & 0x0001 ? 4 : 2
    if (flags & 0x0008) at += 2
    else if (flags & 0x0040) at += 4
    else if (flags & 0x0080) at += 8
    if (!(flags & 0x0020)) break
  }
  return out
}

/** Parses a ToUnicode CMap's bfchar/bfrange sections into code → text. */
export function parseToUnicode(data: Uint8Array, maxEntries = 70_000): Record<number, string> {
  const text = new TextDecoder('latin1').decode(data)
  const map: Record<number, string> = {}
  let count = 0
  const hexToText = (hex: string) => {
    let s = ''
    for (let i = 0; i + 4 <= hex.length; i += 4)
      s += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16))
    if (hex.length === 2) s = String.fromCharCode(Number.parseInt(hex, 16))
    return s
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      map[Number.parseInt(m[1]!, 16)] = hexToText(m[2]!)
      if (++count > maxEntries) return map
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g,
    )) {
      const lo = Number.parseInt(m[1]!, 16)
      const hi = Math.min(Number.parseInt(m[2]!, 16), lo + 65535)
      const dst = m[3]!
      if (dst.startsWith('[')) {
        const items = [...dst.matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]!)
        for (let c = lo; c <= hi && c - lo < items.length; c++) map[c] = hexToText(items[c - lo]!)
      } else {
        const base = dst.slice(1, -1)
        const head = base.slice(0, -4)
        const last = Number.parseInt(base.slice(-4) || '0', 16)
        for (let c = lo; c <= hi; c++) {
          map[c] = hexToText(head) + String.fromCharCode(last + (c - lo))
          if (++count > maxEntries) return map
        }
      }
    }
  }
  return map
}
