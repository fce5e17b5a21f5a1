/**
 * For tests: the boxes of a HEIF file up to (not including) its coded picture — `ftyp`, and `meta` with the
 * primary item, its coding and its properties (`ispe` size; `irot`, `imir` transforms in the order given).
 * Enough for the header checks, which never decode — and all a HEIC decompression bomb needs to show.
 * With `exif`, an `Exif` item and the `mdat` holding it (for the metadata reader).
 */
export interface HeifHeaderOptions {
  width: number
  height: number
  /** Major brand first; default `heic`, `mif1`. */
  brands?: string[]
  /** The primary item's coding; default `hvc1` (HEVC). */
  itemType?: string
  /** Transforms after `ispe`: `irot` quarter turns anticlockwise, `imir` axis. */
  transforms?: ({ irot: number } | { imir: number })[]
  /** A TIFF structure stored as an `Exif` item in an `mdat` after `meta` (located by `iloc`). */
  exif?: Uint8Array
  /** Bytes after the last box. */
  trailing?: Uint8Array
  /**
   * As an iPhone stores a photo: the primary item a `grid` of this many HEVC tiles (items from 10), each
   * with its own 512 × 512 `ispe` — which must not be taken for the picture's size.
   */
  tiles?: number
}

export function heifHeader(options: HeifHeaderOptions): Uint8Array {
  const [major = 'heic', ...compatible] = options.brands ?? ['heic', 'mif1']
  const ftyp = box('ftyp', text(major), u32(0), ...compatible.map(text))
  const exifData = options.exif ? [...u32(0), ...options.exif] : null
  const metaAt = (exifOffset: number) =>
    meta(options, exifData ? { offset: exifOffset, length: exifData.length } : null)
  const mdatStart = ftyp.length + metaAt(0).length + 8
  const mdat = exifData ? box('mdat', exifData) : []
  return new Uint8Array([...ftyp, ...metaAt(mdatStart), ...mdat, ...(options.trailing ?? [])])
}

function meta(options: HeifHeaderOptions, exif: { offset: number; length: number } | null): number[] {
  const item = 1
  const tiles = Array.from({ length: options.tiles ?? 0 }, (_, i) => 10 + i)
  const infe = (id: number, type: string) => fullBox('infe', 2, u16(id), u16(0), text(type), [0])
  // Tiles first, as an iPhone lists them: the primary item is found by pitm, not by its place.
  const entries = tiles.map((id) => infe(id, 'hvc1'))
  entries.push(infe(item, tiles.length > 0 ? 'grid' : (options.itemType ?? 'hvc1')))
  if (exif) entries.push(infe(2, 'Exif'))
  const tileIspe = fullBox('ispe', 0, u32(512), u32(512))
  const own = [
    fullBox('ispe', 0, u32(options.width), u32(options.height)),
    ...(options.transforms ?? []).map((t) => ('irot' in t ? box('irot', [t.irot]) : box('imir', [t.imir]))),
  ]
  const properties = tiles.length > 0 ? [tileIspe, ...own] : own
  const associations = [
    ...tiles.map((id) => [...u16(id), 1, 0x80 | 1]),
    [...u16(item), own.length, ...own.map((_, i) => 0x80 | (properties.length - own.length + i + 1))],
  ]
  const ipma = fullBox('ipma', 0, u32(associations.length), ...associations)
  // iloc v0: offset and length 4 bytes, no base offset; one extent per item.
  const iloc = exif
    ? fullBox('iloc', 0, [0x44, 0x00], u16(1), u16(2), u16(0), u16(1), u32(exif.offset), u32(exif.length))
    : []
  return fullBox(
    'meta',
    0,
    fullBox('hdlr', 0, u32(0), text('pict'), u32(0), u32(0), u32(0), [0]),
    fullBox('pitm', 0, u16(item)),
    iloc,
    fullBox('iinf', 0, u16(entries.length), ...entries),
    box('iprp', box('ipco', ...properties), ipma),
  )
}

function box(type: string, ...parts: number[][]): number[] {
  const body = parts.flat()
  return [...u32(8 + body.length), ...text(type), ...body]
}
function fullBox(type: string, version: number, ...parts: number[][]): number[] {
  return box(type, [version, 0, 0, 0], ...parts)
}
function text(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0))
}
function u16(n: number): number[] {
  return [(n >>> 8) & 255, n & 255]
}
function u32(n: number): number[] {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
}
