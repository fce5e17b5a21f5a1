/**
 * Gives a HEIF file's primary picture rotation/mirror properties (`irot`, `imir`), the way an iPhone stores
 * a portrait photo: the pixels as the sensor read them, plus "turn this 90°" for the viewer. `heif-enc`
 * (libheif 1.15) cannot write them, so they are spliced into its output: the new properties appended to
 * `ipco`, associated with the primary item in `ipma`, every enclosing box size grown and every `iloc`
 * file offset past the insertion moved. Written apart from core's reader on purpose: test data that shared
 * the reader's code would share its mistakes.
 */

export type HeifTransform = { irot: number } | { imir: number }

interface Box {
  type: string
  /** Offset of the size field. */
  at: number
  /** Offset of the payload. */
  start: number
  end: number
}

export function withHeifTransforms(heif: Uint8Array, transforms: readonly HeifTransform[]): Uint8Array {
  const b = Uint8Array.from(heif)
  const view = new DataView(b.buffer)
  const meta = find(view, 0, b.length, 'meta')
  const metaKids = meta.start + 4
  const iprp = find(view, metaKids, meta.end, 'iprp')
  const ipco = find(view, iprp.start, iprp.end, 'ipco')
  const ipma = find(view, iprp.start, iprp.end, 'ipma')
  const pitm = find(view, metaKids, meta.end, 'pitm')
  const iloc = find(view, metaKids, meta.end, 'iloc')
  const primary = b[pitm.start] === 0 ? view.getUint16(pitm.start + 4) : view.getUint32(pitm.start + 4)

  const existing = boxesIn(view, ipco.start, ipco.end).length
  const properties = transforms.flatMap((t) =>
    'irot' in t ? box('irot', t.irot & 3) : box('imir', t.imir & 1),
  )
  const wide = (b[ipma.start + 3]! & 1) === 1
  const indices = transforms.flatMap((_, i) => {
    const index = existing + 1 + i
    return wide ? [0x80 | (index >> 8), index & 255] : [0x80 | index]
  })
  const countAt = associationCount(view, ipma, primary)
  const entryEnd = countAt + 1 + b[countAt]! * (wide ? 2 : 1)
  const grown = properties.length + indices.length

  b[countAt] = b[countAt]! + transforms.length
  for (const outer of [meta, iprp]) view.setUint32(outer.at, view.getUint32(outer.at) + grown)
  view.setUint32(ipco.at, view.getUint32(ipco.at) + properties.length)
  view.setUint32(ipma.at, view.getUint32(ipma.at) + indices.length)
  moveFileOffsets(view, iloc, ipco.end, grown)
  const [first, second] = ipco.end < entryEnd ? [ipco.end, entryEnd] : [entryEnd, ipco.end]
  const [firstBytes, secondBytes] = ipco.end < entryEnd ? [properties, indices] : [indices, properties]
  return new Uint8Array([
    ...b.subarray(0, first),
    ...firstBytes,
    ...b.subarray(first, second),
    ...secondBytes,
    ...b.subarray(second),
  ])
}

function box(type: string, payload: number): number[] {
  return [0, 0, 0, 9, ...[...type].map((c) => c.charCodeAt(0)), payload]
}

function boxesIn(view: DataView, from: number, to: number): Box[] {
  const out: Box[] = []
  for (let at = from; at + 8 <= to; ) {
    const size = view.getUint32(at)
    if (size < 8 || at + size > to) throw new Error('withHeifTransforms: a box does not fit its parent')
    const type = String.fromCharCode(...new Uint8Array(view.buffer, at + 4, 4))
    out.push({ type, at, start: at + 8, end: at + size })
    at += size
  }
  return out
}

function find(view: DataView, from: number, to: number, type: string): Box {
  const found = boxesIn(view, from, to).find((b) => b.type === type)
  if (!found) throw new Error(`withHeifTransforms: no ${type} box`)
  return found
}

/** Offset of the primary item's association count byte in `ipma`. */
function associationCount(view: DataView, ipma: Box, item: number): number {
  const version = view.getUint8(ipma.start)
  const wide = (view.getUint8(ipma.start + 3) & 1) === 1
  let at = ipma.start + 8
  for (let e = 0; e < view.getUint32(ipma.start + 4); e++) {
    const id = version < 1 ? view.getUint16(at) : view.getUint32(at)
    at += version < 1 ? 2 : 4
    if (id === item) return at
    at += 1 + view.getUint8(at) * (wide ? 2 : 1)
  }
  throw new Error('withHeifTransforms: the primary item has no properties')
}

/** Adds `by` to every file offset (construction method 0) at or past `from` in `iloc`. */
function moveFileOffsets(view: DataView, iloc: Box, from: number, by: number): void {
  const version = view.getUint8(iloc.start)
  const sizes = view.getUint16(iloc.start + 4)
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15]
  const indexSize = version >= 1 ? sizes & 15 : 0
  const read = (at: number, n: number) =>
    n === 0 ? 0 : n === 4 ? view.getUint32(at) : Number(view.getBigUint64(at))
  const write = (at: number, n: number, v: number) =>
    n === 4 ? view.setUint32(at, v) : view.setBigUint64(at, BigInt(v))
  let at = iloc.start + 6
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at)
  at += version < 2 ? 2 : 4
  for (let i = 0; i < count; i++) {
    at += version < 2 ? 2 : 4
    const method = version >= 1 ? view.getUint16(at) & 15 : 0
    at += (version >= 1 ? 2 : 0) + 2
    const baseAt = at
    const base = read(at, baseSize)
    at += baseSize
    const extents = view.getUint16(at)
    at += 2
    for (let e = 0; e < extents; e++) {
      at += indexSize
      const offset = read(at, offsetSize)
      if (method === 0 && base + offset >= from) {
        if (baseSize > 0 && base > 0) {
          if (e === 0) write(baseAt, baseSize, base + by)
        } else write(at, offsetSize, offset + by)
      }
      at += offsetSize + lengthSize
    }
  }
}
