/**
 * Gives a HEIF file's primary picture rotation/mirror properties (`irot`, `imir`), the way an iPhone stores
 * a portrait photo: the pixels as the sensor read them, plus "turn this 90°" for the viewer. `heif-enc`
 * (libheif 1.15) cannot write them, so they are spliced into its output: the new properties appended to
 * `ipco`, associated with the primary item in `ipma`, every enclosing box size grown and every `iloc`
 * file offset past the insertion moved (heif-file.ts reads the structures).
 */
import { type Box, boxesIn, ilocEntries, metaBoxes, primaryId } from './heif-file'

export type HeifTransform = { irot: number } | { imir: number }

export function withHeifTransforms(heif: Uint8Array, transforms: readonly HeifTransform[]): Uint8Array {
  const b = Uint8Array.from(heif)
  const view = new DataView(b.buffer)
  const { meta, iprp, ipco, ipma, pitm, iloc } = metaBoxes(view)
  const primary = primaryId(view, pitm)

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
  throw new Error('heif: the primary item has no properties')
}

/** Adds `by` to every file offset (construction method 0) at or past `from` in `iloc`. */
function moveFileOffsets(view: DataView, iloc: Box, from: number, by: number): void {
  const write = (at: number, n: number, v: number) =>
    n === 4 ? view.setUint32(at, v) : view.setBigUint64(at, BigInt(v))
  for (const entry of ilocEntries(view, iloc)) {
    if (entry.method !== 0) continue
    const moved = entry.extents.filter((e) => entry.base + e.offset >= from)
    if (moved.length === 0) continue
    if (entry.baseSize > 0 && entry.base > 0) write(entry.baseAt, entry.baseSize, entry.base + by)
    else for (const e of moved) write(e.offsetAt, entry.offsetSize, e.offset + by)
  }
}
