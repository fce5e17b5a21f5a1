/**
 * The file-level reading `openPdf` starts with: the `%PDF-` header, the cross-reference (read along the
 * revision chain, rebuilt by scanning object headers when it does not hold), the merged trailer, and the
 * description of the header, revisions and end of file that the structure records.
 */
import { CheckError } from '../../../vocabulary/error-codes'
import type { InflateBudget } from './filters'
import { ObjectStore } from './object-store'
import { bytesToHex, numberOf, type PdfDict } from './pdf-values'
import type { PdfStructure } from './structure-types'
import { type RevisionInfo, readRevisions, scanObjectHeaders, scanTrailer, type XrefEntry } from './xref'

export type PdfHeader = Pick<PdfStructure, 'headerVersion' | 'headerOffset' | 'headerComment'>

/** The `%PDF-x.y` header (within the first 1024 bytes, or pdf_unreadable) and the comment line after it. */
export function readHeader(text: string): PdfHeader {
  const headerOffset = text.indexOf('%PDF-')
  if (headerOffset < 0 || headerOffset > 1024) throw new CheckError('pdf_unreadable', 'No %PDF header.')
  const headerVersion = /^%PDF-(\d\.\d)/.exec(text.slice(headerOffset, headerOffset + 16))?.[1] ?? null
  const commentLine = /^%PDF-\d\.\d\r?\n?\r?(%[^\r\n]{0,16})/.exec(
    text.slice(headerOffset, headerOffset + 48),
  )?.[1]
  const headerComment = commentLine
    ? bytesToHex(Uint8Array.from(commentLine.slice(1), (c) => c.charCodeAt(0)))
    : null
  return { headerVersion, headerOffset, headerComment }
}

function verifyOffsets(store: ObjectStore, entries: Map<number, XrefEntry>): string[] {
  const problems: string[] = []
  for (const [num, entry] of entries) {
    if (entry.type !== 'offset') continue
    const head = store.text.slice(entry.offset, entry.offset + 32)
    if (!new RegExp(`^\\s*${num}\\s+${entry.gen}\\s+obj`).test(head)) {
      problems.push(`object ${num} is not at xref offset ${entry.offset}`)
      if (problems.length >= 8) break
    }
  }
  return problems
}

export interface CrossReference {
  entries: Map<number, XrefEntry>
  store: ObjectStore
  /** Oldest first; empty when the chain was unreadable. */
  revisions: RevisionInfo[]
  /** The newest trailer (or one found by scanning when the table was rebuilt); null when there is none. */
  trailer: PdfDict | null
  problems: string[]
  /** The xref did not hold and objects were found by scanning `n g obj` headers. */
  reconstructed: boolean
}

/** Reads the xref chain and checks its offsets; rebuilds the table by scanning when either fails. */
export function readCrossReference(
  text: string,
  bytes: Uint8Array,
  budget: InflateBudget,
  maxObjects: number,
): CrossReference {
  let entries = new Map<number, XrefEntry>()
  const problems: string[] = []
  const revisions = readRevisions(text, bytes, entries, budget, maxObjects)
  let store = new ObjectStore(bytes, text, entries, budget)
  if (revisions === null) problems.push('the startxref / xref chain is unreadable')
  else problems.push(...verifyOffsets(store, entries))
  let trailer: PdfDict | null = revisions?.length ? revisions[revisions.length - 1]!.trailer : null
  const reconstructed = problems.length > 0
  if (reconstructed) {
    entries = new Map()
    for (const h of scanObjectHeaders(text, maxObjects))
      entries.set(h.num, { type: 'offset', offset: h.offset, gen: h.gen })
    store = new ObjectStore(bytes, text, entries, budget)
    trailer = trailer?.map.has('Root') ? trailer : scanTrailer(text, bytes)
  }
  return { entries, store, revisions: revisions ?? [], trailer, problems, reconstructed }
}

/** The newest trailer, with keys it omits filled from older revisions (an update may only carry /Prev and /Root). */
export function mergeTrailers(trailer: PdfDict, revisions: RevisionInfo[]): PdfDict['map'] {
  const merged = new Map(trailer.map)
  for (const r of revisions) for (const [k, v] of r.trailer.map) if (!merged.has(k)) merged.set(k, v)
  return merged
}

function countOccurrences(text: string, marker: string): number {
  let n = 0
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + marker.length)) n++
  return n
}

export type XrefDescription = Pick<
  PdfStructure,
  | 'revisions'
  | 'xrefKind'
  | 'xrefReconstructed'
  | 'xrefProblems'
  | 'xrefTail'
  | 'eofMarkers'
  | 'startxrefMarkers'
  | 'bytesAfterEof'
  | 'nonWhitespaceAfterEof'
>

/** What the structure records of the revisions, the xref's kind and syntax, and the end of the file. */
export function describeXref(text: string, xref: CrossReference): XrefDescription {
  const { revisions, reconstructed } = xref
  const newest = revisions.at(-1)
  const xrefAt =
    newest && newest.kind === 'table' && !reconstructed ? text.indexOf('xref', newest.xrefOffset) : -1
  const lastEof = text.lastIndexOf('%%EOF')
  const after = lastEof < 0 ? '' : text.slice(lastEof + 5)
  const kinds = new Set(revisions.map((r) => (r.hybrid ? 'hybrid' : r.kind)))
  return {
    revisions: revisions.map((r) => ({
      xrefOffset: r.xrefOffset,
      kind: r.kind,
      hybrid: r.hybrid,
      entryCount: r.entryCount,
      trailerKeys: [...r.trailer.map.keys()].sort(),
      prev: numberOf(r.trailer.map.get('Prev')),
    })),
    xrefKind: reconstructed
      ? 'reconstructed'
      : kinds.size === 1
        ? ([...kinds][0] as 'table' | 'stream' | 'hybrid')
        : 'mixed',
    xrefReconstructed: reconstructed,
    xrefProblems: xref.problems,
    xrefTail: xrefAt < 0 ? null : text.slice(xrefAt),
    eofMarkers: countOccurrences(text, '%%EOF'),
    startxrefMarkers: countOccurrences(text, 'startxref'),
    bytesAfterEof: after.length,
    nonWhitespaceAfterEof: after.replace(/[\s\0]/g, '').length,
  }
}
