/**
 * `parsePdfStructure(bytes, limits)`: the raw structure of a PDF, bounded in size, objects, inflated bytes
 * and pages. Throws CheckError; never returns a half-read structure silently (problems are recorded).
 */
import { CheckError } from '../../../vocabulary/error-codes'
import { defaultPdfLimits, type PdfLimits } from '../../../vocabulary/pdf-model'
import type { InflateBudget } from './filters'
import { assertObjectCount, ObjectStore } from './object-store'
import { collectPageDicts, type PageDict, readPage } from './pages'
import {
  bytesToHex,
  bytesToLatin1,
  isDict,
  isName,
  isRef,
  isString,
  nameOf,
  numberOf,
  type PdfDict,
} from './pdf-values'
import type { PdfObjectInfo, PdfRevision, PdfStreamInfo, PdfStructure } from './structure-types'
import { decodePdfText } from './text-strings'
import { readRevisions, scanObjectHeaders, scanTrailer, type XrefEntry } from './xref'
import { classicZlibLevel } from './zlib-reproduction'

function countOccurrences(text: string, marker: string): number {
  let n = 0
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + marker.length)) n++
  return n
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

/**
 * The structure plus the object graph it was read from, for readers that need more than the structure
 * records (the text layer reads fonts, forms and Info from it). Reading the store afterwards does not change
 * the structure: it is built eagerly.
 */
export interface OpenedPdf {
  structure: PdfStructure
  store: ObjectStore
  /** Page dictionaries in page order, with their inherited attributes. */
  pageDicts: PageDict[]
  /** The page tree root's /Count as written (null when absent or not a number). */
  declaredPageCount: number | null
  /** The Info dictionary (null when absent). */
  infoDict: PdfDict | null
}

export function parsePdfStructure(bytes: Uint8Array, limits: PdfLimits = defaultPdfLimits): PdfStructure {
  return openPdf(bytes, limits).structure
}

/** Parses the structure and keeps the object store open for further reading. */
export function openPdf(bytes: Uint8Array, limits: PdfLimits = defaultPdfLimits): OpenedPdf {
  if (bytes.length > limits.maxBytes)
    throw new CheckError('file_too_large', `The file exceeds ${limits.maxBytes} bytes.`)
  const text = bytesToLatin1(bytes)
  const headerOffset = text.indexOf('%PDF-')
  if (headerOffset < 0 || headerOffset > 1024) throw new CheckError('pdf_unreadable', 'No %PDF header.')
  const headerVersion = /^%PDF-(\d\.\d)/.exec(text.slice(headerOffset, headerOffset + 16))?.[1] ?? null
  const commentLine = /^%PDF-\d\.\d\r?\n?\r?(%[^\r\n]{0,16})/.exec(
    text.slice(headerOffset, headerOffset + 48),
  )?.[1]
  const headerComment = commentLine
    ? bytesToHex(Uint8Array.from(commentLine.slice(1), (c) => c.charCodeAt(0)))
    : null
  const budget: InflateBudget = { remaining: limits.maxInflatedBytes }

  let entries = new Map<number, XrefEntry>()
  const problems: string[] = []
  let revisions = readRevisions(text, bytes, entries, budget, limits.maxObjects)
  let store = new ObjectStore(bytes, text, entries, budget)
  if (revisions === null) problems.push('the startxref / xref chain is unreadable')
  else problems.push(...verifyOffsets(store, entries))
  let trailer: PdfDict | null = revisions?.length ? revisions[revisions.length - 1]!.trailer : null
  const reconstructed = problems.length > 0
  if (reconstructed) {
    entries = new Map()
    for (const h of scanObjectHeaders(text, limits.maxObjects))
      entries.set(h.num, { type: 'offset', offset: h.offset, gen: h.gen })
    store = new ObjectStore(bytes, text, entries, budget)
    trailer = trailer?.map.has('Root') ? trailer : scanTrailer(text, bytes)
    if (!revisions) revisions = []
  }
  if (!trailer) throw new CheckError('pdf_unreadable', 'No trailer with a /Root was found.')
  const inUse = [...entries.values()].filter((e) => e.type !== 'free').length
  assertObjectCount(inUse, limits.maxObjects)
  if (trailer.map.has('Encrypt')) throw new CheckError('pdf_encrypted')

  // Older revisions' trailers fill keys the newest one omits (an update may only carry /Prev and /Root).
  const merged = new Map(trailer.map)
  for (const r of revisions ?? []) for (const [k, v] of r.trailer.map) if (!merged.has(k)) merged.set(k, v)

  const objects: PdfObjectInfo[] = []
  const streams: PdfStreamInfo[] = []
  const streamObjects: {
    num: number
    dict: PdfDict
    stream: { raw: Uint8Array; lengthMismatch: boolean }
  }[] = []
  let objectStreams = 0
  let linearized = false
  for (const [num, entry] of entries) {
    if (entry.type === 'free') continue
    const obj = store.get(num)
    if (!obj) continue
    const dict = isDict(obj.value) ? obj.value : null
    const type = nameOf(dict?.map.get('Type')) ?? nameOf(dict?.map.get('Subtype'))
    if (type === 'ObjStm') objectStreams++
    if (dict?.map.has('Linearized')) linearized = true
    objects.push({
      num,
      gen: obj.gen,
      offset: entry.type === 'offset' ? entry.offset : null,
      inObjectStream: obj.inObjectStream ?? null,
      type,
      isStream: obj.stream !== undefined,
    })
    if (obj.stream && dict) streamObjects.push({ num, dict, stream: obj.stream })
  }

  objects.sort(
    (a, b) => (a.offset ?? Number.MAX_SAFE_INTEGER) - (b.offset ?? Number.MAX_SAFE_INTEGER) || a.num - b.num,
  )

  const root = store.dict(merged.get('Root'))
  if (!root) throw new CheckError('pdf_unreadable', 'The document catalog is missing.')
  const metadataRef = root.map.get('Metadata')
  const xmpBytes = isRef(metadataRef) ? store.streamData(metadataRef.num)?.decoded : null
  const intents = store.resolve(root.map.get('OutputIntents'))
  const markInfo = store.dict(root.map.get('MarkInfo'))
  const infoDict = store.dict(merged.get('Info'))
  const info: Record<string, string> = {}
  for (const [k, v] of infoDict?.map ?? []) {
    const r = store.resolve(v)
    if (isString(r)) info[k] = decodePdfText(r.bytes)
    else if (isName(r)) info[k] = r.name
    else if (typeof r === 'number' || typeof r === 'boolean') info[k] = String(r)
  }
  const idValue = store.resolve(merged.get('ID'))
  const id =
    Array.isArray(idValue) && idValue.length === 2 && isString(idValue[0]) && isString(idValue[1])
      ? ([bytesToHex(idValue[0].bytes), bytesToHex(idValue[1].bytes)] as [string, string])
      : null

  const pageDicts = collectPageDicts(store, root.map.get('Pages'), limits)
  if (pageDicts.length === 0) throw new CheckError('pdf_unreadable', 'The PDF has no pages.')
  const pages = pageDicts.map((p, i) => readPage(store, i, p.page, p.inherited))
  // Streams nobody needed (ICC profiles, images, unused forms) are described, not inflated: cheaper.
  for (const { num, dict, stream } of streamObjects) {
    const data = (store.decodedIfLoaded(num) ?? store.describe(num))!
    streams.push({
      num,
      type: nameOf(dict.map.get('Type')),
      subtype: nameOf(dict.map.get('Subtype')),
      filters: data.filters,
      decodeParms: data.parms.map((p) =>
        p
          ? Object.entries(p)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => `${k}=${v}`)
              .join(',')
          : '',
      ),
      rawLength: stream.raw.length,
      decodedLength: data.decoded?.length ?? null,
      zlib: data.zlib,
      lengthMismatch: stream.lengthMismatch,
      decodeError: data.error,
      classicZlibLevel: null,
    })
  }
  const contentNums = new Set(pages.flatMap((p) => p.contentStreamNums))
  for (const info of streams) {
    if (!contentNums.has(info.num) || info.filters.length !== 1 || info.filters[0] !== 'FlateDecode') continue
    const raw = store.get(info.num)?.stream?.raw
    const decoded = store.streamData(info.num)?.decoded
    if (raw && decoded) info.classicZlibLevel = classicZlibLevel(raw, decoded, info.zlib)
  }

  const newest = revisions?.at(-1)
  const xrefAt =
    newest && newest.kind === 'table' && !reconstructed ? text.indexOf('xref', newest.xrefOffset) : -1
  const lastEof = text.lastIndexOf('%%EOF')
  const after = lastEof < 0 ? '' : text.slice(lastEof + 5)
  const kinds = new Set((revisions ?? []).map((r) => (r.hybrid ? 'hybrid' : r.kind)))
  const revisionList: PdfRevision[] = (revisions ?? []).map((r) => ({
    xrefOffset: r.xrefOffset,
    kind: r.kind,
    hybrid: r.hybrid,
    entryCount: r.entryCount,
    trailerKeys: [...r.trailer.map.keys()].sort(),
    prev: numberOf(r.trailer.map.get('Prev')),
  }))
  const structure: PdfStructure = {
    byteLength: bytes.length,
    headerVersion,
    headerOffset,
    headerComment,
    revisions: revisionList,
    xrefKind: reconstructed
      ? 'reconstructed'
      : kinds.size === 1
        ? ([...kinds][0] as 'table' | 'stream' | 'hybrid')
        : 'mixed',
    xrefReconstructed: reconstructed,
    xrefProblems: problems,
    xrefTail: xrefAt < 0 ? null : text.slice(xrefAt),
    eofMarkers: countOccurrences(text, '%%EOF'),
    startxrefMarkers: countOccurrences(text, 'startxref'),
    bytesAfterEof: after.length,
    nonWhitespaceAfterEof: after.replace(/[\s\0]/g, '').length,
    trailer: {
      keys: [...trailer.map.keys()].sort(),
      id,
      size: numberOf(merged.get('Size')),
      hasInfo: merged.has('Info'),
      hasRoot: merged.has('Root'),
    },
    objects,
    objectStreams,
    streams,
    catalog: {
      keys: [...root.map.keys()].sort(),
      version: nameOf(root.map.get('Version')),
      xmp: xmpBytes ? new TextDecoder('utf-8').decode(xmpBytes) : null,
      hasMetadata: root.map.has('Metadata'),
      outputIntents: Array.isArray(intents)
        ? intents.map((i) => nameOf(store.dict(i)?.map.get('S'))).filter((s): s is string => s !== null)
        : [],
      marked: markInfo ? markInfo.map.get('Marked') === true : null,
      hasStructTreeRoot: root.map.has('StructTreeRoot'),
    },
    info,
    infoKeys: [...(infoDict?.map.keys() ?? [])].sort(),
    linearized,
    pageCount: pages.length,
    pages,
  }
  const declaredPageCount = numberOf(store.dict(root.map.get('Pages'))?.map.get('Count'))
  return { structure, store, pageDicts, declaredPageCount, infoDict }
}
