/**
 * The document-level records of `openPdf`: the trailer's /ID, the Info dictionary, and the catalog's
 * metadata, output intents and mark info. Read in the order `openPdf` calls them: each read may load objects.
 */
import type { ObjectStore } from './object-store'
import {
  bytesToHex,
  isName,
  isRef,
  isString,
  nameOf,
  numberOf,
  type PdfDict,
  type PdfValue,
} from './pdf-values'
import type { PdfStructure } from './structure-types'
import { decodePdfText } from './text-strings'

type TrailerMap = PdfDict['map']

export interface CatalogParts {
  xmpBytes: Uint8Array | null | undefined
  intents: PdfValue | undefined
  markInfo: PdfDict | null
}

/** The catalog's XMP metadata (decoded), output intents and mark info. */
export function readCatalogParts(store: ObjectStore, root: PdfDict): CatalogParts {
  const metadataRef = root.map.get('Metadata')
  const xmpBytes = isRef(metadataRef) ? store.streamData(metadataRef.num)?.decoded : null
  const intents = store.resolve(root.map.get('OutputIntents'))
  const markInfo = store.dict(root.map.get('MarkInfo'))
  return { xmpBytes, intents, markInfo }
}

/** The Info dictionary and its string, name, number and boolean entries as text. */
export function readInfo(
  store: ObjectStore,
  merged: TrailerMap,
): { infoDict: PdfDict | null; info: Record<string, string> } {
  const infoDict = store.dict(merged.get('Info'))
  const info: Record<string, string> = {}
  for (const [k, v] of infoDict?.map ?? []) {
    const r = store.resolve(v)
    if (isString(r)) info[k] = decodePdfText(r.bytes)
    else if (isName(r)) info[k] = r.name
    else if (typeof r === 'number' || typeof r === 'boolean') info[k] = String(r)
  }
  return { infoDict, info }
}

/** The two /ID halves as hex; null unless /ID is an array of two strings. */
export function readId(store: ObjectStore, merged: TrailerMap): [string, string] | null {
  const idValue = store.resolve(merged.get('ID'))
  return Array.isArray(idValue) && idValue.length === 2 && isString(idValue[0]) && isString(idValue[1])
    ? ([bytesToHex(idValue[0].bytes), bytesToHex(idValue[1].bytes)] as [string, string])
    : null
}

export function describeTrailer(
  trailer: PdfDict,
  merged: TrailerMap,
  id: [string, string] | null,
): PdfStructure['trailer'] {
  return {
    keys: [...trailer.map.keys()].sort(),
    id,
    size: numberOf(merged.get('Size')),
    hasInfo: merged.has('Info'),
    hasRoot: merged.has('Root'),
  }
}

/** The catalog's record; resolves the output intents' dictionaries. */
export function describeCatalog(
  store: ObjectStore,
  root: PdfDict,
  parts: CatalogParts,
): PdfStructure['catalog'] {
  const { xmpBytes, intents, markInfo } = parts
  return {
    keys: [...root.map.keys()].sort(),
    version: nameOf(root.map.get('Version')),
    xmp: xmpBytes ? new TextDecoder('utf-8').decode(xmpBytes) : null,
    hasMetadata: root.map.has('Metadata'),
    outputIntents: Array.isArray(intents)
      ? intents.map((i) => nameOf(store.dict(i)?.map.get('S'))).filter((s): s is string => s !== null)
      : [],
    marked: markInfo ? markInfo.map.get('Marked') === true : null,
    hasStructTreeRoot: root.map.has('StructTreeRoot'),
  }
}
