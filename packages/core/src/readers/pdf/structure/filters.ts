/**
 * Stream filter decoding with a shared output budget: a decompression bomb stops at the budget instead of
 * exhausting memory. Every decoded output is charged — Flate's, and ASCII85's (four bytes out of each `z`)
 * and ASCIIHex's. Also reads the zlib header, whose compression-level bits fingerprint the generator.
 */
import { Inflate, Unzlib } from 'fflate'
import { CheckError } from '../../../vocabulary/error-codes'
import { decodeHexDigits } from './hex-digits'

/** Bytes of output left for all streams of one document; shared and decremented by every decode. */
export interface InflateBudget {
  remaining: number
}

export interface ZlibHeader {
  /** The two header bytes as hex, e.g. `789c` (default level) or `78da` (best compression). */
  header: string
  /** FLEVEL bits 0–3 (fastest, fast, default, maximum). */
  level: number
  /** BTYPE of the first deflate block: 0 stored, 1 fixed Huffman, 2 dynamic Huffman. */
  firstBlockType: number
}

export function readZlibHeader(data: Uint8Array): ZlibHeader | null {
  if (data.length < 3) return null
  const cmf = data[0]!
  const flg = data[1]!
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0) return null
  return {
    header: cmf.toString(16).padStart(2, '0') + flg.toString(16).padStart(2, '0'),
    level: flg >> 6,
    firstBlockType: (data[2]! >> 1) & 3,
  }
}

/** Input slice per push: deflate expands at most ~1032:1, so one push yields at most ~16 MB. */
const SLICE = 16 * 1024

/** Inflates zlib (or raw deflate when the header is absent), stopping at the budget. */
export function inflateBounded(
  data: Uint8Array,
  budget: InflateBudget,
): { bytes: Uint8Array; error: string | null } {
  const chunks: Uint8Array[] = []
  let total = 0
  let error: string | null = null
  const onData = (chunk: Uint8Array) => {
    total += chunk.length
    if (total > budget.remaining) {
      throw new CheckError('pdf_too_complex', 'Decompressed streams exceed the inflate limit.')
    }
    chunks.push(chunk)
  }
  const stream = readZlibHeader(data) ? new Unzlib(onData) : new Inflate(onData)
  try {
    for (let i = 0; i < data.length; i += SLICE) {
      stream.push(data.subarray(i, Math.min(data.length, i + SLICE)), i + SLICE >= data.length)
    }
    if (data.length === 0) stream.push(new Uint8Array(0), true)
  } catch (e) {
    if (e instanceof CheckError) throw e
    error = e instanceof Error ? e.message : String(e)
  }
  budget.remaining -= total
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return { bytes: out, error }
}

/** Takes `bytes` of decoded output from the document's budget, or refuses the document. */
function charge(budget: InflateBudget, bytes: number): void {
  if (bytes > budget.remaining) {
    throw new CheckError('pdf_too_complex', 'Decoded streams exceed the inflate limit.')
  }
  budget.remaining -= bytes
}

function asciiHexDecode(data: Uint8Array, budget: InflateBudget): Uint8Array {
  const { bytes } = decodeHexDigits(data, 0)
  charge(budget, bytes.length)
  return bytes
}

/** The five base-85 digits of a group as its 32-bit value. */
function groupValue(group: readonly number[]): number {
  let v = 0
  for (const g of group) v = v * 85 + g
  return v
}

/**
 * ASCII85 expands: each `z` is one byte in and four out. The output size is counted first and charged to
 * the budget before anything is allocated, so a file of `z`s stops at the limit, not in memory.
 */
function ascii85Decode(data: Uint8Array, budget: InflateBudget): Uint8Array {
  let size = 0
  let digits = 0
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!
    if (c === 0x7e) break
    if (c === 0x7a && digits === 0) size += 4
    else if (c >= 0x21 && c <= 0x75 && ++digits === 5) {
      size += 4
      digits = 0
    }
  }
  if (digits > 1) size += digits - 1
  charge(budget, size)
  const out = new Uint8Array(size)
  let at = 0
  const put = (v: number, n: number) => {
    for (let k = 0; k < n; k++) out[at++] = (v >>> (24 - 8 * k)) & 0xff
  }
  let group: number[] = []
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!
    if (c === 0x7e) break
    if (c === 0x7a && group.length === 0) {
      put(0, 4)
      continue
    }
    if (c < 0x21 || c > 0x75) continue
    group.push(c - 0x21)
    if (group.length === 5) {
      put(groupValue(group), 4)
      group = []
    }
  }
  if (group.length > 1) {
    const n = group.length
    while (group.length < 5) group.push(84)
    put(groupValue(group), n - 1)
  }
  return out
}

/** PNG predictors (Predictor ≥ 10) undo; TIFF predictor 2 is rare in receipts and left as is. */
function undoPngPredictor(data: Uint8Array, columns: number, colors: number, bpc: number): Uint8Array {
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8))
  const rowLen = Math.ceil((columns * colors * bpc) / 8)
  const rows = Math.floor(data.length / (rowLen + 1))
  const out = new Uint8Array(rows * rowLen)
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)]!
    const src = r * (rowLen + 1) + 1
    const dst = r * rowLen
    for (let i = 0; i < rowLen; i++) {
      const raw = data[src + i]!
      const left = i >= bpp ? out[dst + i - bpp]! : 0
      const up = r > 0 ? out[dst - rowLen + i]! : 0
      const ul = r > 0 && i >= bpp ? out[dst - rowLen + i - bpp]! : 0
      let v = raw
      if (type === 1) v = raw + left
      else if (type === 2) v = raw + up
      else if (type === 3) v = raw + ((left + up) >> 1)
      else if (type === 4) {
        const p = left + up - ul
        const pa = Math.abs(p - left)
        const pb = Math.abs(p - up)
        const pc = Math.abs(p - ul)
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : ul)
      }
      out[dst + i] = v & 0xff
    }
  }
  return out
}

export interface DecodeParms {
  predictor?: number
  columns?: number
  colors?: number
  bitsPerComponent?: number
}

export interface DecodeOutcome {
  bytes: Uint8Array | null
  /** Filters that were not decoded (image codecs such as DCTDecode stay encoded). */
  undecoded: string[]
  error: string | null
}

const IMAGE_FILTERS = new Set([
  'DCTDecode',
  'JPXDecode',
  'JBIG2Decode',
  'CCITTFaxDecode',
  'RunLengthDecode',
  'LZWDecode',
])

export function decodeStream(
  raw: Uint8Array,
  filters: readonly string[],
  parms: readonly (DecodeParms | null)[],
  budget: InflateBudget,
): DecodeOutcome {
  let data = raw
  let error: string | null = null
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i]!
    if (f === 'FlateDecode' || f === 'Fl') {
      const r = inflateBounded(data, budget)
      data = r.bytes
      error = error ?? r.error
      const p = parms[i]
      if (p?.predictor && p.predictor >= 10) {
        data = undoPngPredictor(data, p.columns ?? 1, p.colors ?? 1, p.bitsPerComponent ?? 8)
      }
    } else if (f === 'ASCIIHexDecode' || f === 'AHx') data = asciiHexDecode(data, budget)
    else if (f === 'ASCII85Decode' || f === 'A85') data = ascii85Decode(data, budget)
    else if (IMAGE_FILTERS.has(f)) return { bytes: i === 0 ? null : data, undecoded: filters.slice(i), error }
    else return { bytes: null, undecoded: filters.slice(i), error: `unsupported filter ${f}` }
  }
  return { bytes: data, undecoded: [], error }
}
