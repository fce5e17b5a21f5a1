/**
 * Builders of small synthetic image files for the metadata tests: only the container structure the reader
 * walks (segments, chunks), never pixels from any real receipt.
 */
const enc = new TextEncoder()

export function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)))
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0))
  let o = 0
  for (const a of arrays) {
    out.set(a, o)
    o += a.length
  }
  return out
}

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]

/** A big-endian TIFF (EXIF) with ASCII tags in IFD0; `exif` tags go to an Exif sub-IFD. */
export function tiff(ifd0: Record<number, string>, exif: Record<number, string> = {}): Uint8Array {
  const entries0 = Object.entries(ifd0).map(([t, v]) => [Number(t), v] as const)
  const entriesX = Object.entries(exif).map(([t, v]) => [Number(t), v] as const)
  const hasSub = entriesX.length > 0
  const ifd0Size = 2 + (entries0.length + (hasSub ? 1 : 0)) * 12 + 4
  const subAt = 8 + ifd0Size
  const subSize = hasSub ? 2 + entriesX.length * 12 + 4 : 0
  let dataAt = subAt + subSize
  const data: number[] = []
  const ifd = (list: (readonly [number, string])[], extra: number[][]): number[] => {
    const out = [...be16(list.length + extra.length)]
    for (const [tag, value] of list) {
      const bytes = [...enc.encode(value), 0]
      out.push(...be16(tag), ...be16(2), ...be32(bytes.length))
      if (bytes.length <= 4) out.push(...bytes, ...Array(4 - bytes.length).fill(0))
      else {
        out.push(...be32(dataAt))
        data.push(...bytes)
        dataAt += bytes.length
      }
    }
    for (const e of extra) out.push(...e)
    out.push(...be32(0))
    return out
  }
  const first = ifd(entries0, hasSub ? [[...be16(0x8769), ...be16(4), ...be32(1), ...be32(subAt)]] : [])
  const second = hasSub ? ifd(entriesX, []) : []
  return concat(enc.encode('MM'), [0, 42], be32(8), first, second, data)
}

function segment(marker: number, body: Uint8Array | number[]): Uint8Array {
  const b = body instanceof Uint8Array ? body : Uint8Array.from(body)
  return concat([0xff, marker], be16(b.length + 2), b)
}

/** SOI, optional APP1 Exif / XMP / APP13, DQT tables, a tiny SOS with stuffed bytes, EOI, trailing bytes. */
export function jpeg(options: {
  exif?: Uint8Array
  xmp?: string
  photoshop?: boolean
  tables?: { id: number; values: number[] }[]
  trailing?: number
}): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.from([0xff, 0xd8])]
  if (options.exif) parts.push(segment(0xe1, concat(enc.encode('Exif\0\0'), options.exif)))
  if (options.xmp)
    parts.push(segment(0xe1, concat(enc.encode('http://ns.adobe.com/xap/1.0/\0'), enc.encode(options.xmp))))
  if (options.photoshop) parts.push(segment(0xed, enc.encode('Photoshop 3.0\0')))
  for (const t of options.tables ?? []) parts.push(segment(0xdb, [t.id, ...t.values]))
  parts.push(segment(0xda, [1, 1, 0, 0, 63, 0]))
  parts.push(Uint8Array.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]))
  parts.push(Uint8Array.from([0xff, 0xd9]))
  parts.push(new Uint8Array(options.trailing ?? 0).fill(7))
  return concat(...parts)
}

function crcless(type: string, data: Uint8Array): Uint8Array {
  // The reader does not verify CRCs; zeros keep the builder short.
  return concat(be32(data.length), enc.encode(type), data, [0, 0, 0, 0])
}

export function png(options: { text?: Record<string, string>; trailing?: number }): Uint8Array {
  const ihdr = crcless('IHDR', Uint8Array.from([...be32(1), ...be32(1), 8, 2, 0, 0, 0]))
  const texts = Object.entries(options.text ?? {}).map(([k, v]) =>
    crcless('tEXt', concat(enc.encode(k), [0], enc.encode(v))),
  )
  return concat(
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    ...texts,
    crcless('IDAT', Uint8Array.from([0])),
    crcless('IEND', new Uint8Array(0)),
    new Uint8Array(options.trailing ?? 0),
  )
}

export function webp(options: { xmp?: string }): Uint8Array {
  const chunks: Uint8Array[] = [concat(enc.encode('VP8L'), le32(1), [0, 0])]
  if (options.xmp) {
    const x = enc.encode(options.xmp)
    chunks.push(concat(enc.encode('XMP '), le32(x.length), x, x.length % 2 ? [0] : []))
  }
  const body = concat(enc.encode('WEBP'), ...chunks)
  return concat(enc.encode('RIFF'), le32(body.length), body)
}
