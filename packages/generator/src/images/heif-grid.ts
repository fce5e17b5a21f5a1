/**
 * A HEIC stored as iPhones store every photo: the primary item a `grid` (ISO/IEC 23008-12 image grid) whose
 * tiles are separate HEVC items, each with its own `hvcC` and `ispe`, referenced in order by `iref` `dimg`.
 * Built from tiles that `heif-enc` encoded one by one (it cannot write a grid itself): their decoder
 * configuration, size and coded bytes are taken out of each file (heif-file.ts) and laid out again.
 */
import { box, boxesIn, fullBox, ilocEntries, metaBoxes, primaryId, text, u16, u32 } from './heif-file'

interface Tile {
  hvcC: Uint8Array
  ispe: Uint8Array
  data: Uint8Array
}

/** `tiles` row by row, all the same size; the grid is `columns` wide and crops to `width` × `height`. */
export function heifGrid(
  tiles: readonly Uint8Array[],
  columns: number,
  width: number,
  height: number,
): Uint8Array {
  const parts = tiles.map(readTile)
  const rows = Math.ceil(parts.length / columns)
  const ids = parts.map((_, i) => 2 + i)
  const properties = [
    fullBox('ispe', 0, u32(width), u32(height)),
    ...parts.flatMap((t) => [[...t.hvcC], [...t.ispe]]),
  ]
  const ipma = fullBox(
    'ipma',
    0,
    u32(1 + parts.length),
    u16(1),
    [1, 0x80 | 1],
    ...ids.map((id, i) => [...u16(id), 2, 0x80 | (2 + 2 * i), 0x80 | (3 + 2 * i)]),
  )
  const descriptor = [0, 0, rows - 1, columns - 1, ...u16(width), ...u16(height)]
  const payloads = [descriptor, ...parts.map((t) => [...t.data])]
  const meta = (mdatData: number) => {
    let offset = mdatData
    const locations = payloads.map((p, i) => {
      const entry = [...u16(1 + i), ...u16(0), ...u16(1), ...u32(offset), ...u32(p.length)]
      offset += p.length
      return entry
    })
    return fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), text('pict'), u32(0), u32(0), u32(0), [0]),
      fullBox('pitm', 0, u16(1)),
      fullBox('iloc', 0, [0x44, 0x00], u16(payloads.length), ...locations),
      fullBox(
        'iinf',
        0,
        u16(1 + parts.length),
        fullBox('infe', 2, u16(1), u16(0), text('grid'), [0]),
        ...ids.map((id) => fullBox('infe', 2, u16(id), u16(0), text('hvc1'), [0])),
      ),
      fullBox('iref', 0, box('dimg', u16(1), u16(ids.length), ...ids.map(u16))),
      box('iprp', box('ipco', ...properties), ipma),
    )
  }
  const ftyp = box('ftyp', text('heic'), u32(0), text('mif1'), text('heic'))
  const mdatData = ftyp.length + meta(0).length + 8
  return new Uint8Array([...ftyp, ...meta(mdatData), ...box('mdat', ...payloads)])
}

function readTile(heif: Uint8Array): Tile {
  const view = new DataView(heif.buffer, heif.byteOffset, heif.byteLength)
  const { ipco, ipma, pitm, iloc } = metaBoxes(view)
  const id = primaryId(view, pitm)
  const properties = boxesIn(view, ipco.start, ipco.end)
  const wide = (view.getUint8(ipma.start + 3) & 1) === 1
  const version = view.getUint8(ipma.start)
  let at = ipma.start + 8
  let own: number[] = []
  for (let e = 0; e < view.getUint32(ipma.start + 4); e++) {
    const item = version < 1 ? view.getUint16(at) : view.getUint32(at)
    at += version < 1 ? 2 : 4
    const count = view.getUint8(at++)
    const indices = Array.from({ length: count }, (_, k) =>
      wide ? view.getUint16(at + 2 * k) & 0x7fff : view.getUint8(at + k) & 0x7f,
    )
    at += count * (wide ? 2 : 1)
    if (item === id) own = indices
  }
  const property = (type: string) => {
    const found = own.map((i) => properties[i - 1]).find((p) => p?.type === type)
    if (!found) throw new Error(`heifGrid: a tile without ${type}`)
    return heif.subarray(found.at, found.end)
  }
  const entry = ilocEntries(view, iloc).find((e) => e.id === id)
  if (!entry || entry.method !== 0) throw new Error('heifGrid: a tile whose picture is not in the file')
  const data = entry.extents.flatMap((e) => [
    ...heif.subarray(entry.base + e.offset, entry.base + e.offset + e.length),
  ])
  return { hvcC: property('hvcC'), ispe: property('ispe'), data: Uint8Array.from(data) }
}
