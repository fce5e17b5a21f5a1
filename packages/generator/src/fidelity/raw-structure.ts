import { inflateSync } from 'node:zlib'

/**
 * Byte-level facts about a PDF, read with regular expressions rather than the generator's own writer, so the
 * tests observe the file the way a structure check would.
 */
export interface RawStream {
  dict: string
  /** decoded bytes (Flate) or the raw bytes (other filters / none) */
  data: Uint8Array
}

export interface RawFacts {
  header: string
  eofCount: number
  startxrefCount: number
  hasXrefTable: boolean
  hasXrefStream: boolean
  hasObjectStream: boolean
  objectCount: number
  trailer: string
  /** the two /ID halves, or null when the trailer has no /ID */
  id: [string, string] | null
  streams: RawStream[]
}

const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1')

export function rawFacts(pdf: Uint8Array): RawFacts {
  const text = latin1(pdf)
  const trailer = text.slice(text.lastIndexOf('trailer'))
  const idMatch = /\/ID\s*\[\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\]/.exec(trailer)
  const streams: RawStream[] = []
  for (const m of text.matchAll(/\d+ 0 obj\s*(<<[\s\S]*?>>)\s*stream\r?\n/g)) {
    const dict = m[1]!
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1])
    const start = m.index! + m[0].length
    const raw = pdf.subarray(start, start + length)
    const flate = /\/Filter\s*\/FlateDecode/.test(dict)
    streams.push({ dict, data: flate ? new Uint8Array(inflateSync(raw)) : raw })
  }
  return {
    header: text.slice(0, 8),
    eofCount: text.split('%%EOF').length - 1,
    startxrefCount: text.split('startxref').length - 1,
    hasXrefTable: /\nxref\r?\n0 \d+/.test(text),
    hasXrefStream: /\/Type\s*\/XRef/.test(text),
    hasObjectStream: /\/Type\s*\/ObjStm/.test(text),
    objectCount: (text.match(/\d+ 0 obj/g) ?? []).length,
    trailer,
    id: idMatch ? [idMatch[1]!, idMatch[2]!] : null,
    streams,
  }
}

/** The page content stream: the stream whose decoded text draws text (BT) and is not a font program. */
export function pageContent(facts: RawFacts): string {
  const page = facts.streams.find(
    (s) => !/Length1|Subtype\s*\/(Image|XML|Form)|\/N 3/.test(s.dict) && /\bBT\b/.test(latin1(s.data)),
  )
  if (!page) throw new Error('no page content stream')
  return latin1(page.data)
}
