/**
 * Cross-reference reading: every revision from the last `startxref` back along the `/Prev` chain, classic
 * tables and xref streams alike. When the chain is broken the caller rebuilds the table by scanning
 * `n g obj` headers (see `scanObjectHeaders`), which is how damaged or hand-edited files stay readable.
 */
import { CheckError } from '../../../vocabulary/error-codes'
import { decodeStream, type InflateBudget } from './filters'
import { isKeyword, Lexer } from './lexer'
import { isDict, nameOf, numberOf, type PdfDict, type PdfValue } from './pdf-values'

export type XrefEntry =
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number }
  | { type: 'free' }

export interface RevisionInfo {
  /** Offset of this revision's xref section (table or stream). */
  xrefOffset: number
  kind: 'table' | 'stream'
  /** A classic trailer that also points at an xref stream (`/XRefStm`, hybrid files). */
  hybrid: boolean
  entryCount: number
  trailer: PdfDict
}

const MAX_REVISIONS = 256

export function findLastStartxref(text: string): number | null {
  const at = text.lastIndexOf('startxref')
  if (at < 0) return null
  const m = /^startxref\s+(\d+)/.exec(text.slice(at, at + 40))
  return m ? Number(m[1]) : null
}

function parseTable(
  text: string,
  bytes: Uint8Array,
  offset: number,
  entries: Map<number, XrefEntry>,
  maxObjects: number,
): { trailer: PdfDict; count: number } | null {
  const re = /\s*(\d+)\s+(\d+)[ \t]*\r?\n?/y
  let pos = offset + 4
  let count = 0
  for (;;) {
    re.lastIndex = pos
    const m = re.exec(text)
    if (!m) break
    const start = Number(m[1])
    const n = Number(m[2])
    if (n > maxObjects || start + n > maxObjects * 4)
      throw new CheckError('pdf_too_complex', 'The xref table is too large.')
    pos = re.lastIndex
    const line = /\s*(\d{1,10})\s+(\d{1,5})\s+([nf])/y
    for (let i = 0; i < n; i++) {
      line.lastIndex = pos
      const e = line.exec(text)
      if (!e) return null
      pos = line.lastIndex
      const num = start + i
      if (!entries.has(num)) {
        entries.set(
          num,
          e[3] === 'n' ? { type: 'offset', offset: Number(e[1]), gen: Number(e[2]) } : { type: 'free' },
        )
      }
      count++
    }
  }
  const t = text.indexOf('trailer', pos)
  if (t < 0 || t - pos > 64) return null
  const lexer = new Lexer(bytes, t + 7)
  const trailer = lexer.value()
  return isDict(trailer) ? { trailer, count } : null
}

function parseXrefStream(
  bytes: Uint8Array,
  offset: number,
  entries: Map<number, XrefEntry>,
  budget: InflateBudget,
  maxObjects: number,
): { trailer: PdfDict; count: number } | null {
  const lexer = new Lexer(bytes, offset)
  lexer.next()
  lexer.next()
  const objKw = lexer.next()
  if (!isKeyword(objKw) || objKw.keyword !== 'obj') return null
  const dict = lexer.value()
  if (!isDict(dict) || nameOf(dict.map.get('Type')) !== 'XRef') return null
  const streamKw = lexer.next()
  if (!isKeyword(streamKw) || streamKw.keyword !== 'stream') return null
  let start = lexer.pos
  if (bytes[start] === 0x0d) start++
  if (bytes[start] === 0x0a) start++
  const length = numberOf(dict.map.get('Length')) ?? 0
  const raw = bytes.subarray(start, Math.min(bytes.length, start + length))
  const filter = dict.map.get('Filter')
  const filters = (Array.isArray(filter) ? filter : [filter])
    .map(nameOf)
    .filter((f): f is string => f !== null)
  const parmsValue = dict.map.get('DecodeParms')
  const parms = (Array.isArray(parmsValue) ? parmsValue : [parmsValue]).map((p: PdfValue | undefined) =>
    isDict(p)
      ? {
          predictor: numberOf(p.map.get('Predictor')) ?? undefined,
          columns: numberOf(p.map.get('Columns')) ?? undefined,
        }
      : null,
  )
  const decoded = decodeStream(raw, filters, parms, budget).bytes
  if (!decoded) return null
  const w = (dict.map.get('W') as PdfValue[] | undefined)?.map((x) => (typeof x === 'number' ? x : 0)) ?? []
  if (w.length !== 3) return null
  const size = numberOf(dict.map.get('Size')) ?? 0
  if (size > maxObjects) throw new CheckError('pdf_too_complex', 'The xref stream declares too many objects.')
  const index = (dict.map.get('Index') as PdfValue[] | undefined)?.map((x) =>
    typeof x === 'number' ? x : 0,
  ) ?? [0, size]
  const rowLen = w[0]! + w[1]! + w[2]!
  let at = 0
  let count = 0
  const field = (width: number, dflt: number) => {
    if (width === 0) return dflt
    let v = 0
    for (let k = 0; k < width; k++) v = v * 256 + (decoded[at++] ?? 0)
    return v
  }
  for (let s = 0; s + 1 < index.length; s += 2) {
    for (let i = 0; i < index[s + 1]! && at + rowLen <= decoded.length; i++) {
      const type = field(w[0]!, 1)
      const f2 = field(w[1]!, 0)
      const f3 = field(w[2]!, 0)
      const num = index[s]! + i
      if (!entries.has(num)) {
        if (type === 1) entries.set(num, { type: 'offset', offset: f2, gen: f3 })
        else if (type === 2) entries.set(num, { type: 'compressed', stream: f2, index: f3 })
        else entries.set(num, { type: 'free' })
      }
      count++
    }
  }
  return { trailer: dict, count }
}

/** Walks the revision chain newest to oldest; returns it oldest first. Null when the chain is unreadable. */
export function readRevisions(
  text: string,
  bytes: Uint8Array,
  entries: Map<number, XrefEntry>,
  budget: InflateBudget,
  maxObjects: number,
): RevisionInfo[] | null {
  const first = findLastStartxref(text)
  if (first === null) return null
  const revisions: RevisionInfo[] = []
  const seen = new Set<number>()
  let offset: number | null = first
  while (offset !== null) {
    if (seen.has(offset) || offset < 0 || offset >= bytes.length || revisions.length >= MAX_REVISIONS)
      return null
    seen.add(offset)
    let at = offset
    while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d)) at++
    let revision: RevisionInfo
    if (text.startsWith('xref', at)) {
      const parsed = parseTable(text, bytes, at, entries, maxObjects)
      if (!parsed) return null
      const stm = numberOf(parsed.trailer.map.get('XRefStm'))
      if (stm !== null) parseXrefStream(bytes, stm, entries, budget, maxObjects)
      revision = {
        xrefOffset: offset,
        kind: 'table',
        hybrid: stm !== null,
        entryCount: parsed.count,
        trailer: parsed.trailer,
      }
    } else {
      const parsed = parseXrefStream(bytes, at, entries, budget, maxObjects)
      if (!parsed) return null
      revision = {
        xrefOffset: offset,
        kind: 'stream',
        hybrid: false,
        entryCount: parsed.count,
        trailer: parsed.trailer,
      }
    }
    revisions.push(revision)
    offset = numberOf(revision.trailer.map.get('Prev'))
  }
  return revisions.reverse()
}

export interface ObjectHeader {
  num: number
  gen: number
  offset: number
}

/** Every `n g obj` header in file order: a linear scan, used to rebuild a broken xref and to order objects. */
export function scanObjectHeaders(text: string, maxObjects: number): ObjectHeader[] {
  const re = /(?:^|[\s>\]])(\d{1,10})\s+(\d{1,5})\s+obj\b/g
  const out: ObjectHeader[] = []
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const offset = m.index + (m[0].length - m[0].trimStart().length)
    out.push({ num: Number(m[1]), gen: Number(m[2]), offset })
    if (out.length > maxObjects * 2) throw new CheckError('pdf_too_complex', 'The PDF has too many objects.')
  }
  return out
}

/** The trailer of a file without a readable xref: the last `trailer` dictionary, else an xref stream dict with /Root. */
export function scanTrailer(text: string, bytes: Uint8Array): PdfDict | null {
  const t = text.lastIndexOf('trailer')
  if (t >= 0) {
    const d = new Lexer(bytes, t + 7).value()
    if (isDict(d) && d.map.has('Root')) return d
  }
  const re = /\/Type\s*\/XRef\b/g
  let found: PdfDict | null = null
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const open = text.lastIndexOf('<<', m.index)
    if (open < 0) continue
    const d = new Lexer(bytes, open).value()
    if (isDict(d) && d.map.has('Root')) found = d
  }
  return found
}
