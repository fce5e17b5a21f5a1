/**
 * A HEIC picture (HEIF holding HEVC, what iPhones save) told apart by its bytes, and its size read from the
 * primary item's `ispe` property without decoding — so a HEIC declaring 100 000 × 100 000 pixels is refused
 * like any other decompression bomb. AVIF shares the container but holds AV1, which the HEIC decoder here
 * cannot read: it is not a HEIC (and so, like any unknown image, a 415).
 *
 * The orientation is the primary item's own transforms (`irot` turns anticlockwise by 90° steps, `imir`
 * mirrors; applied in association order), expressed as the equivalent EXIF orientation 1–8. A HEIC's EXIF
 * orientation tag is ignored, as HEIF says and libheif does: the item's transforms rule.
 */
import { ascii, u32be } from './byte-reading'
import { brands, itemProperties, itemTypes, metaBox, primaryItemId } from './heif-boxes'

/** Brands that name HEIF holding HEVC; `mif1`/`msf1` name HEIF of any coding (AVIF's too). */
const hevcBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs'])
const anyHeifBrands = new Set(['mif1', 'msf1'])

/**
 * Whether the bytes are a HEIC: `ftyp` first, and HEVC-coded items (`hvc1`) with no AV1 (`av01`) ones —
 * decided by the items, since `mif1` is shared by HEIC and AVIF. A HEVC brand whose items cannot be read
 * (a cut or damaged `meta`) is still a HEIC, an unreadable one, rather than an unknown file.
 */
export function isHeic(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 4) !== 'ftyp') return false
  const named = brands(bytes)
  if (!named.some((brand) => hevcBrands.has(brand) || anyHeifBrands.has(brand))) return false
  const meta = metaBox(bytes)
  const coded = new Set(meta ? itemTypes(bytes, meta).values() : [])
  if (coded.has('av01')) return false
  return coded.has('hvc1') || named.some((brand) => hevcBrands.has(brand))
}

export interface HeifSize {
  width: number
  height: number
  /** The primary item's irot/imir as the equivalent EXIF orientation (1 = as stored). */
  orientation: number
}

/** The primary item's stored size (`ispe`) and transforms; null when any of them cannot be read. */
export function heifSize(bytes: Uint8Array): HeifSize | null {
  const meta = metaBox(bytes)
  const primary = meta && primaryItemId(bytes, meta)
  if (!meta || primary === null || primary === undefined) return null
  let size: { width: number; height: number } | null = null
  let transform: Matrix = identity
  for (const property of itemProperties(bytes, meta, primary)) {
    if (property.type === 'ispe' && property.start + 12 <= property.end) {
      size = { width: u32be(bytes, property.start + 4), height: u32be(bytes, property.start + 8) }
    } else if (property.type === 'irot' && property.start < property.end) {
      transform = times(rotations[bytes[property.start]! & 3]!, transform)
    } else if (property.type === 'imir' && property.start < property.end) {
      // ISO/IEC 23008-12 2nd edition (and libheif): 0 exchanges top and bottom, 1 left and right.
      transform = times((bytes[property.start]! & 1) === 0 ? mirrorTopBottom : mirrorLeftRight, transform)
    }
  }
  return size && { ...size, orientation: exifOrientation(transform) }
}

/** A 2 × 2 matrix [a, b, c, d] acting on (x, y) with y pointing down, as the screen has it. */
type Matrix = readonly [number, number, number, number]
const identity: Matrix = [1, 0, 0, 1]
const mirrorLeftRight: Matrix = [-1, 0, 0, 1]
const mirrorTopBottom: Matrix = [1, 0, 0, -1]
/** irot's anticlockwise quarter turns 0–3. */
const rotations: readonly Matrix[] = [identity, [0, 1, -1, 0], [-1, 0, 0, -1], [0, -1, 1, 0]]
/** EXIF orientation n → the transform that shows the stored picture upright (index n − 1). */
const exifTransforms: readonly Matrix[] = [
  identity,
  mirrorLeftRight,
  [-1, 0, 0, -1],
  mirrorTopBottom,
  [0, 1, 1, 0],
  [0, -1, 1, 0],
  [0, -1, -1, 0],
  [0, 1, -1, 0],
]

function times(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
  ]
}

function exifOrientation(m: Matrix): number {
  return exifTransforms.findIndex((t) => t.every((v, i) => v === m[i])) + 1
}
