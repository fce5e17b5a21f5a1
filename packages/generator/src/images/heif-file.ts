/**
 * The few ISO-BMFF / HEIF structures the test-data tools (heif-transforms.ts, heif-grid.ts) edit in
 * heif-enc's output: boxes, and `iloc` entries with where each number sits. Written apart from core's
 * reader on purpose: test data that shared the reader's code would share its mistakes. Throws on anything
 * unexpected — these read files the project itself just encoded.
 */
export interface Box {
  type: string
  /** Offset of the size field. */
  at: number
  /** Offset of the payload. */
  start: number
  end: number
}

export function boxesIn(view: DataView, from: number, to: number): Box[] {
  const out: Box[] = []
  for (let at = from; at + 8 <= to; ) {
    const size = view.getUint32(at)
    if (size < 8 || at + size > to) throw new Error('heif: a box does not fit its parent')
    const type = String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + at + 4, 4))
    out.push({ type, at, start: at + 8, end: at + size })
    at += size
  }
  return out
}

export function find(view: DataView, from: number, to: number, type: string): Box {
  const found = boxesIn(view, from, to).find((b) => b.type === type)
  if (!found) throw new Error(`heif: no ${type} box`)
  return found
}

/** `meta` and the children the tools use (`meta` is a full box: its children start 4 bytes in). */
export function metaBoxes(view: DataView) {
  const meta = find(view, 0, view.byteLength, 'meta')
  const kids = meta.start + 4
  const iprp = find(view, kids, meta.end, 'iprp')
  return {
    meta,
    iprp,
    ipco: find(view, iprp.start, iprp.end, 'ipco'),
    ipma: find(view, iprp.start, iprp.end, 'ipma'),
    pitm: find(view, kids, meta.end, 'pitm'),
    iloc: find(view, kids, meta.end, 'iloc'),
  }
}

export interface IlocExtent {
  offsetAt: number
  offset: number
  length: number
}
export interface IlocEntry {
  id: number
  /** 0: in the file; 1: in `idat`; 2: in another item. */
  method: number
  baseAt: number
  base: number
  baseSize: number
  offsetSize: number
  extents: IlocExtent[]
}

export function ilocEntries(view: DataView, iloc: Box): IlocEntry[] {
  const version = view.getUint8(iloc.start)
  const sizes = view.getUint16(iloc.start + 4)
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15]
  const indexSize = version >= 1 ? sizes & 15 : 0
  const read = (at: number, n: number) =>
    n === 0 ? 0 : n === 4 ? view.getUint32(at) : Number(view.getBigUint64(at))
  let at = iloc.start + 6
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at)
  at += version < 2 ? 2 : 4
  const entries: IlocEntry[] = []
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? view.getUint16(at) : view.getUint32(at)
    at += version < 2 ? 2 : 4
    const method = version >= 1 ? view.getUint16(at) & 15 : 0
    at += (version >= 1 ? 2 : 0) + 2
    const entry: IlocEntry = {
      id,
      method,
      baseAt: at,
      base: read(at, baseSize),
      baseSize,
      offsetSize,
      extents: [],
    }
    at += baseSize
    const extents = view.getUint16(at)
    at += 2
    for (let e = 0; e < extents; e++) {
      at += indexSize
      entry.extents.push({
        offsetAt: at,
        offset: read(at, offsetSize),
        length: read(at + offsetSize, lengthSize),
      })
      at += offsetSize + lengthSize
    }
    entries.push(entry)
  }
  return entries
}

/** The primary item's id (`pitm`). */
export function primaryId(view: DataView, pitm: Box): number {
  return view.getUint8(pitm.start) === 0 ? view.getUint16(pitm.start + 4) : view.getUint32(pitm.start + 4)
}

/** Writing boxes: a box is its 32-bit size, its 4-letter type and its payload. */
export function box(type: string, ...parts: number[][]): number[] {
  const body = parts.flat()
  return [...u32(8 + body.length), ...text(type), ...body]
}
export function fullBox(type: string, version: number, ...parts: number[][]): number[] {
  return box(type, [version, 0, 0, 0], ...parts)
}
export function text(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0))
}
export function u16(n: number): number[] {
  return [(n >>> 8) & 255, n & 255]
}
export function u32(n: number): number[] {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
}
