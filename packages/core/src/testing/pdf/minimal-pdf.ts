/**
 * Builds small, valid PDFs byte by byte for tests (of the parser, the checks and the forgery toolkit):
 * objects are given as source text, streams are Flate-compressed, the xref table is computed.
 */
import { zlibSync } from 'fflate'

export interface SourceObject {
  num: number
  /** Dictionary or value source, e.g. `<< /Type /Page >>`. For streams, the dictionary without /Length. */
  body: string
  /** Stream content; compressed with Flate unless `raw` is set. */
  stream?: Uint8Array | string
  raw?: boolean
}

const enc = new TextEncoder()

function latin1(s: string): Uint8Array {
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff
  return out
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function serialiseObjects(objects: SourceObject[], base: number, parts: Uint8Array[]): Map<number, number> {
  const offsets = new Map<number, number>()
  let at = base
  for (const o of objects) {
    offsets.set(o.num, at)
    let chunk: Uint8Array
    if (o.stream !== undefined) {
      const data = typeof o.stream === 'string' ? enc.encode(o.stream) : o.stream
      const body = o.raw ? data : zlibSync(data, { level: 6 })
      const dict = o.body.replace(
        />>\s*$/,
        `${o.raw ? '' : ' /Filter /FlateDecode'} /Length ${body.length} >>`,
      )
      chunk = concat([latin1(`${o.num} 0 obj\n${dict}\nstream\n`), body, latin1('\nendstream\nendobj\n')])
    } else chunk = latin1(`${o.num} 0 obj\n${o.body}\nendobj\n`)
    parts.push(chunk)
    at += chunk.length
  }
  return offsets
}

function xrefTable(offsets: Map<number, number>, withFree: boolean): string {
  const nums = [...offsets.keys()].sort((a, b) => a - b)
  let out = 'xref\n'
  if (withFree) {
    const max = nums[nums.length - 1] ?? 0
    out += `0 ${max + 1}\n0000000000 65535 f \n`
    for (let n = 1; n <= max; n++) {
      const off = offsets.get(n)
      out += off === undefined ? '0000000000 65535 f \n' : `${String(off).padStart(10, '0')} 00000 n \n`
    }
  } else {
    for (const n of nums) out += `${n} 1\n${String(offsets.get(n)).padStart(10, '0')} 00000 n \n`
  }
  return out
}

export interface BuildOptions {
  version?: string
  /** Extra trailer entries, e.g. `/ID [<aa> <aa>] /Info 9 0 R`. */
  trailer?: string
}

/** A single-revision PDF with a classic xref table. */
export function buildPdf(objects: SourceObject[], options: BuildOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [latin1(`%PDF-${options.version ?? '1.4'}\n%\xe2\xe3\xcf\xd3\n`)]
  const offsets = serialiseObjects(objects, parts[0]!.length, parts)
  const xrefAt = parts.reduce((n, p) => n + p.length, 0)
  const size = Math.max(...offsets.keys()) + 1
  parts.push(
    latin1(
      `${xrefTable(offsets, true)}trailer\n<< /Size ${size} ${options.trailer ?? ''} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  )
  return concat(parts)
}

/** Appends an incremental update (new or replaced objects, a new xref section with /Prev). */
export function appendUpdate(pdf: Uint8Array, objects: SourceObject[], trailer: string): Uint8Array {
  const text = new TextDecoder('latin1').decode(pdf)
  const prev = Number(/startxref\s+(\d+)\s*%%EOF\s*$/.exec(text)?.[1] ?? '0')
  const parts: Uint8Array[] = [pdf]
  const offsets = serialiseObjects(objects, pdf.length, parts)
  const xrefAt = parts.reduce((n, p) => n + p.length, 0)
  parts.push(
    latin1(
      `${xrefTable(offsets, false)}trailer\n<< ${trailer} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  )
  return concat(parts)
}

/** A one-page document: catalog 1, pages 2, page 3, content 4, font 5 (Helvetica), info 6. */
export function simplePagePdf(
  content: string,
  extra: { info?: string; pageExtra?: string; version?: string } = {},
) {
  return buildPdf(
    [
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R ${extra.pageExtra ?? ''} >>`,
      },
      { num: 4, body: '<< >>', stream: content },
      { num: 5, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' },
      { num: 6, body: extra.info ?? '<< /Producer (test) >>' },
    ],
    { version: extra.version, trailer: '/Root 1 0 R /Info 6 0 R /ID [<0a0b> <0a0b>]' },
  )
}
