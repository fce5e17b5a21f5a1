/**
 * `parsePdfStructure(bytes, limits)`: the raw structure of a PDF, bounded in size, objects, inflated bytes
 * and pages. Throws CheckError; never returns a half-read structure silently (problems are recorded).
 * The steps live beside this file: open-xref.ts (header, cross-reference, trailer), open-objects.ts
 * (objects and streams), open-catalog.ts (catalog, Info, /ID), pages.ts (page tree and pages).
 */
import { CheckError } from '../../../vocabulary/error-codes'
import { defaultPdfLimits, type PdfLimits } from '../../../vocabulary/pdf-model'
import type { InflateBudget } from './filters'
import { assertObjectCount, type ObjectStore } from './object-store'
import { describeCatalog, describeTrailer, readCatalogParts, readId, readInfo } from './open-catalog'
import { describeStreams, listObjects } from './open-objects'
import { describeXref, mergeTrailers, readCrossReference, readHeader } from './open-xref'
import { collectPageDicts, type PageDict, readPage } from './pages'
import { bytesToLatin1, numberOf, type PdfDict } from './pdf-values'
import type { PdfStructure } from './structure-types'

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

export interface OpenPdfOptions {
  /**
   * Find the classic zlib level of the pages' content streams (`classicZlibLevel`: a deflate per level
   * tried, the dearest part of the structure parse). Default true; false for a reader of the text only,
   * whose streams then all say null.
   */
  zlibLevels?: boolean
}

/** Parses the structure and keeps the object store open for further reading. */
export function openPdf(
  bytes: Uint8Array,
  limits: PdfLimits = defaultPdfLimits,
  options: OpenPdfOptions = {},
): OpenedPdf {
  if (bytes.length > limits.maxBytes)
    throw new CheckError('file_too_large', `The file exceeds ${limits.maxBytes} bytes.`)
  const text = bytesToLatin1(bytes)
  const header = readHeader(text)
  const budget: InflateBudget = { remaining: limits.maxInflatedBytes }

  const xref = readCrossReference(text, bytes, budget, limits.maxObjects)
  const { entries, store, trailer } = xref
  if (!trailer) throw new CheckError('pdf_unreadable', 'No trailer with a /Root was found.')
  const inUse = [...entries.values()].filter((e) => e.type !== 'free').length
  assertObjectCount(inUse, limits.maxObjects)
  if (trailer.map.has('Encrypt')) throw new CheckError('pdf_encrypted')
  const merged = mergeTrailers(trailer, xref.revisions)

  const listing = listObjects(store, entries)
  const root = store.dict(merged.get('Root'))
  if (!root) throw new CheckError('pdf_unreadable', 'The document catalog is missing.')
  const catalogParts = readCatalogParts(store, root)
  const { infoDict, info } = readInfo(store, merged)
  const id = readId(store, merged)

  const pageDicts = collectPageDicts(store, root.map.get('Pages'), limits)
  if (pageDicts.length === 0) throw new CheckError('pdf_unreadable', 'The PDF has no pages.')
  const pages = pageDicts.map((p, i) => readPage(store, i, p.page, p.inherited))
  const streams = describeStreams(store, listing.streamObjects, pages, options.zlibLevels !== false)

  const structure: PdfStructure = {
    byteLength: bytes.length,
    ...header,
    ...describeXref(text, xref),
    trailer: describeTrailer(trailer, merged, id),
    objects: listing.objects,
    objectStreams: listing.objectStreams,
    streams,
    catalog: describeCatalog(store, root, catalogParts),
    info,
    infoKeys: [...(infoDict?.map.keys() ?? [])].sort(),
    linearized: listing.linearized,
    pageCount: pages.length,
    pages,
  }
  const declaredPageCount = numberOf(store.dict(root.map.get('Pages'))?.map.get('Count'))
  return { structure, store, pageDicts, declaredPageCount, infoDict }
}
