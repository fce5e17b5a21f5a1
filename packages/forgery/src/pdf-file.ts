/**
 * Byte-level access to a single-revision PDF for editing: each object's original bytes, a full rewrite
 * that keeps everything not replaced byte for byte (a careful forger's clean single revision), and an
 * incremental update (a careless one's).
 */
import { deflateSync, inflateSync } from 'node:zlib'
import { type PdfStructure, parsePdfStructure } from '@rv/core/pdf'
import { deflate } from 'pako'

const latin1 = new TextDecoder('latin1')

/**
 * How a rewritten stream is compressed: `node` (Node's zlib, a Chromium fork, as Node/Electron editors
 * write), `classic` (classic zlib at level 6, byte-compatible with the banks' Java generators), or any
 * deflater a technique brings (another level, another library).
 */
export type Deflater = 'node' | 'classic' | ((data: Uint8Array) => Uint8Array)

export function compress(data: Uint8Array, deflater: Deflater): Uint8Array {
  if (typeof deflater === 'function') return deflater(data)
  return deflater === 'classic' ? deflate(data, { level: 6 }) : deflateSync(data, { level: 6 })
}

export function toLatin1Bytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff)
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

export interface ObjectSlice {
  num: number
  gen: number
  start: number
  end: number
}

export class PdfFile {
  readonly text: string
  readonly structure: PdfStructure
  readonly slices: ObjectSlice[]
  /** Bytes before the first object (header and binary comment). */
  readonly headEnd: number
  readonly xrefOffset: number
  readonly trailerText: string

  constructor(readonly bytes: Uint8Array) {
    this.text = latin1.decode(bytes)
    this.structure = parsePdfStructure(bytes)
    const located = this.structure.objects
      .filter((o) => o.offset !== null)
      .sort((a, b) => a.offset! - b.offset!)
    this.xrefOffset = this.structure.revisions.at(-1)?.xrefOffset ?? this.text.lastIndexOf('xref')
    this.slices = located.map((o, i) => ({
      num: o.num,
      gen: o.gen,
      start: o.offset!,
      end: i + 1 < located.length ? located[i + 1]!.offset! : this.xrefOffset,
    }))
    this.headEnd = this.slices[0]?.start ?? 0
    const t = this.text.lastIndexOf('trailer')
    const sx = this.text.lastIndexOf('startxref')
    this.trailerText = t >= 0 && t < sx ? this.text.slice(t + 7, sx).trim() : ''
  }

  objectText(num: number): string {
    const s = this.slices.find((x) => x.num === num)
    return s ? this.text.slice(s.start, s.end) : ''
  }

  /** The raw (still encoded) body of a stream object. */
  streamBody(num: number): Uint8Array {
    const s = this.slices.find((x) => x.num === num)!
    const chunk = this.text.slice(s.start, s.end)
    const head = /stream(\r\n|\n|\r)/.exec(chunk)!
    const dataStart = s.start + head.index + head[0].length
    const es = this.text.lastIndexOf('endstream', s.end)
    // A direct /Length that ends at the end-of-line before `endstream` is exact (a body may end in 0x0a).
    const length = /\/Length\s+(\d+)(?!\d|\s+\d+\s+R)/.exec(chunk.slice(0, head.index))
    const byLength = length ? dataStart + Number(length[1]) : -1
    if (byLength >= dataStart && byLength <= es && /^[\r\n]*$/.test(this.text.slice(byLength, es)))
      return this.bytes.subarray(dataStart, byLength)
    let dataEnd = es
    if (this.bytes[dataEnd - 1] === 0x0a) dataEnd--
    if (this.bytes[dataEnd - 1] === 0x0d) dataEnd--
    return this.bytes.subarray(dataStart, dataEnd)
  }

  /** A stream's decoded bytes (Flate inflated; other streams as stored). */
  decodedStream(num: number): Uint8Array {
    const raw = this.streamBody(num)
    const dict = this.objectText(num)
    if (!/FlateDecode/.test(dict.slice(0, dict.indexOf('stream')))) return raw
    return new Uint8Array(inflateSync(raw))
  }

  /**
   * A stream object re-serialised with a new Flate body (by default at level 6, the generators' level),
   * keeping the generator's dictionary text and line ends; `extra` replaces other numeric keys
   * (e.g. a font program's /Length1).
   */
  withStreamBody(
    num: number,
    decoded: Uint8Array,
    deflater: Deflater = 'node',
    extra: Readonly<Record<string, number>> = {},
  ): string {
    const chunk = this.objectText(num)
    const head = /stream(\r\n|\n|\r)/.exec(chunk)!
    // A stream stored unfiltered (iText's one-byte CIDSet) stays unfiltered.
    const body = /FlateDecode/.test(chunk.slice(0, head.index)) ? compress(decoded, deflater) : decoded
    const es = chunk.lastIndexOf('endstream')
    let tailStart = es
    while (tailStart > 0 && (chunk[tailStart - 1] === '\n' || chunk[tailStart - 1] === '\r')) tailStart--
    let dict = chunk.slice(0, head.index).replace(/\/Length\s+\d+(?!\d|\s+\d+\s+R)/, `/Length ${body.length}`)
    for (const [key, value] of Object.entries(extra))
      dict = dict.replace(new RegExp(`/${key}\\s+\\d+(?!\\d|\\s+\\d+\\s+R)`), `/${key} ${value}`)
    return dict + head[0] + latin1.decode(body) + chunk.slice(tailStart)
  }

  /** A full rewrite: one revision, original object order, replaced objects in place, new xref. */
  rewrite(
    replacements: ReadonlyMap<number, string>,
    extra: readonly string[] = [],
    trailer?: string,
  ): Uint8Array {
    const parts: string[] = [this.text.slice(0, this.headEnd)]
    const offsets = new Map<number, number>()
    let at = this.headEnd
    const push = (num: number, objText: string) => {
      offsets.set(num, at)
      parts.push(objText)
      at += objText.length
    }
    for (const s of this.slices) push(s.num, replacements.get(s.num) ?? this.text.slice(s.start, s.end))
    for (const objText of extra) push(Number(/^(\d+)/.exec(objText)![1]), objText)
    // Same objects: the writer's own table, byte for byte but for the offsets (what a kit built on the
    // generator's library, or one that patches offsets, leaves).
    const same = extra.length === 0 ? this.sameLayoutTail(offsets, at, trailer) : null
    if (same !== null) return toLatin1Bytes(parts.join('') + same)
    const max = Math.max(...offsets.keys())
    const eol = this.text.slice(this.xrefOffset, this.xrefOffset + 40).includes(' \r\n')
      ? ' \r\n'
      : this.text.includes(' n \n')
        ? ' \n'
        : '\n'
    let xref = `xref\n0 ${max + 1}\n0000000000 65535 f${eol}`
    for (let n = 1; n <= max; n++) {
      const off = offsets.get(n)
      xref +=
        off === undefined ? `0000000000 65535 f${eol}` : `${String(off).padStart(10, '0')} 00000 n${eol}`
    }
    const trailerDict = (trailer ?? this.trailerText).replace(/\/Size\s+\d+/, `/Size ${max + 1}`)
    parts.push(`${xref}trailer\n${trailerDict}\nstartxref\n${at}\n%%EOF\n`)
    return toLatin1Bytes(parts.join(''))
  }

  /**
   * The original cross-reference section, trailer and end markers with new offsets (and trailer dictionary
   * when given); null when the table does not list exactly the objects written.
   */
  private sameLayoutTail(
    offsets: ReadonlyMap<number, number>,
    xrefAt: number,
    trailer?: string,
  ): string | null {
    const tail = this.text.slice(this.xrefOffset)
    if (!tail.startsWith('xref')) return null
    const trailerAt = tail.indexOf('trailer')
    if (trailerAt < 0) return null
    let num = 0
    let listed = 0
    const table = tail
      .slice(0, trailerAt)
      // Entries first: a subsection header (`0 17`) is any other line of two numbers.
      .replace(/^\d{10} (\d{5}) ([nf])|^(\d+) \d+/gm, (m, gen, kind, first) => {
        if (first !== undefined) {
          num = Number(first)
          return m
        }
        const n = num++
        if (kind === 'f') return m
        const off = offsets.get(n)
        if (off === undefined) return '\u0000'
        listed++
        return `${String(off).padStart(10, '0')} ${gen} n`
      })
    if (table.includes('\u0000') || listed !== offsets.size) return null
    let rest = tail.slice(trailerAt)
    if (trailer !== undefined) rest = rest.replace(this.trailerText, trailer)
    rest = rest.replace(/(startxref[ \t]*[\r\n]+)\d+/, `$1${xrefAt}`)
    return table + rest
  }

  /** An incremental update: changed objects appended after %%EOF with a new xref section and /Prev. */
  appendUpdate(replacements: ReadonlyMap<number, string>): Uint8Array {
    const parts: string[] = [this.text.endsWith('\n') ? this.text : `${this.text}\n`]
    let at = parts[0]!.length
    let xref = 'xref\n'
    for (const [num, objText] of [...replacements].sort((a, b) => a[0] - b[0])) {
      xref += `${num} 1\n${String(at).padStart(10, '0')} 00000 n \n`
      parts.push(objText)
      at += objText.length
    }
    const prev = this.structure.revisions.at(-1)?.xrefOffset ?? 0
    const trailer = this.trailerText.replace(/>>\s*$/, ` /Prev ${prev} >>`)
    parts.push(`${xref}trailer\n${trailer}\nstartxref\n${at}\n%%EOF\n`)
    return toLatin1Bytes(parts.join(''))
  }
}

export function streamObject(num: number, dict: string, data: Uint8Array, compress = true): string {
  const body = compress ? deflateSync(data, { level: 6 }) : data
  const d = dict.replace(/>>\s*$/, `${compress ? ' /Filter /FlateDecode' : ''} /Length ${body.length} >>`)
  return `${num} 0 obj\n${d}\nstream\n${latin1.decode(body)}\nendstream\nendobj\n`
}
