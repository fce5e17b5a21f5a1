/**
 * The object-level records of `openPdf`: every object in use (sorted by offset) and every stream, described
 * from what was already decoded or from its dictionary alone.
 */
import type { ObjectStore } from './object-store'
import { isDict, nameOf, type PdfDict } from './pdf-values'
import type { PdfObjectInfo, PdfPageStructure, PdfStreamInfo } from './structure-types'
import type { XrefEntry } from './xref'
import { classicZlibLevel } from './zlib-reproduction'

export interface StreamObject {
  num: number
  dict: PdfDict
  stream: { raw: Uint8Array; lengthMismatch: boolean }
}

export interface ObjectListing {
  /** By offset (objects inside object streams last), then number. */
  objects: PdfObjectInfo[]
  streamObjects: StreamObject[]
  objectStreams: number
  linearized: boolean
}

/** Loads every object in use, in xref order, and lists it. */
export function listObjects(store: ObjectStore, entries: Map<number, XrefEntry>): ObjectListing {
  const objects: PdfObjectInfo[] = []
  const streamObjects: StreamObject[] = []
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
  return { objects, streamObjects, objectStreams, linearized }
}

/** One stream's record. Streams nobody needed (ICC profiles, images, unused forms) are described, not inflated. */
function describeStream(store: ObjectStore, { num, dict, stream }: StreamObject): PdfStreamInfo {
  const data = (store.decodedIfLoaded(num) ?? store.describe(num))!
  return {
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
  }
}

/**
 * Describes every stream, then (unless `zlibLevels` is false) finds the classic zlib level of the pages'
 * single-Flate content streams.
 */
export function describeStreams(
  store: ObjectStore,
  streamObjects: StreamObject[],
  pages: PdfPageStructure[],
  zlibLevels = true,
): PdfStreamInfo[] {
  const streams = streamObjects.map((s) => describeStream(store, s))
  if (!zlibLevels) return streams
  const contentNums = new Set(pages.flatMap((p) => p.contentStreamNums))
  for (const info of streams) {
    if (!contentNums.has(info.num) || info.filters.length !== 1 || info.filters[0] !== 'FlateDecode') continue
    const raw = store.get(info.num)?.stream?.raw
    const decoded = store.streamData(info.num)?.decoded
    if (raw && decoded) info.classicZlibLevel = classicZlibLevel(raw, decoded, info.zlib)
  }
  return streams
}
