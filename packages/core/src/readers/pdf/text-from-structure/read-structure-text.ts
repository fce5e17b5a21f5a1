/**
 * The text layer read from our own structure parse instead of pdf.js: the same pages, Info and runs
 * `readTextLayer` returns for the files it supports, several times cheaper (no font translation, no second
 * inflate). When it meets anything it does not reproduce exactly it returns the reason, and the caller reads
 * the file with pdf.js (`parsePdf`).
 */
import type { PdfPage, TextRun } from '../../../vocabulary/pdf-model'
import type { OpenedPdf } from '../structure'
import { numberOf, type PdfValue } from '../structure/pdf-values'
import { type PdfJsStyle, sortReadingOrder, type TextLayer, toRun } from '../text/read-text-layer'
import { type DocumentFonts, interpretPage } from './interpret-page'
import { readInfo } from './read-info'
import { UnsupportedText, unsupported } from './unsupported'

export type StructureText = { layer: TextLayer } | { fallback: string }

/**
 * @example
 * const read = readTextFromStructure(openPdf(bytes))
 * if ('layer' in read) read.layer.runs
 */
export function readTextFromStructure(opened: OpenedPdf): StructureText {
  try {
    return { layer: readLayer(opened) }
  } catch (error) {
    if (error instanceof UnsupportedText) return { fallback: error.reason }
    // A file this reader trips over is pdf.js's to read, not a failed check.
    return { fallback: `error: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200) }
  }
}

function readLayer(opened: OpenedPdf): TextLayer {
  const { structure, store, pageDicts } = opened
  if (structure.linearized) unsupported('linearized file (pdf.js counts its pages from the hint)')
  // pdf.js rebuilds a broken xref its own way, and reads Info from the newest trailer only.
  if (structure.xrefReconstructed) unsupported('xref rebuilt')
  const newest = structure.revisions.at(-1)
  if (structure.trailer.hasInfo && !newest?.trailerKeys.includes('Info'))
    unsupported('Info only in an older trailer')
  if (opened.declaredPageCount !== pageDicts.length) unsupported('page count differs from the page tree')
  const fonts: DocumentFonts = { byRef: new Map() }
  const pages: PdfPage[] = []
  const runs: TextRun[] = []
  pageDicts.forEach(({ page, inherited }, index) => {
    const pageStructure = structure.pages[index]!
    if (page.map.has('UserUnit')) unsupported('UserUnit')
    const rotate = numberOf(store.resolve(inherited.rotate)) ?? 0
    if (rotate % 360 !== 0) unsupported('rotated page')
    for (const num of pageStructure.contentStreamNums) {
      const data = store.streamData(num)
      if (!data || data.error || data.undecoded.length > 0) unsupported('content stream not fully decoded')
    }
    const contents = store.resolve(page.map.get('Contents'))
    const declared = Array.isArray(contents) ? contents.length : contents === undefined ? 0 : 1
    if (declared !== pageStructure.contentStreamNums.length) unsupported('a content stream is missing')
    const view = pageView(store, inherited.mediaBox, inherited.cropBox)
    const [x0, y0, x1, y1] = view as [number, number, number, number]
    const height = y1 - y0
    pages.push({ index, width: x1 - x0, height })
    const items = interpretPage(
      { store, page: pageStructure, resources: store.dict(inherited.resources), viewBox: view },
      fonts,
    )
    const styles: Record<string, PdfJsStyle> = {}
    for (const { font, loadedName } of fonts.byRef.values()) styles[loadedName] = { ascent: font.ascent }
    const pageRuns: TextRun[] = []
    for (const item of items) {
      const run = toRun(item, index, height, styles)
      if (run) pageRuns.push(run)
    }
    runs.push(...sortReadingOrder(pageRuns))
  })
  return { pages, info: readInfo(opened.infoDict), runs, encrypted: false }
}

const letter = [0, 0, 612, 792]

/** pdf.js `Page.view`: the CropBox within the MediaBox, both normalised; Letter when the MediaBox is unusable. */
function pageView(
  store: OpenedPdf['store'],
  mediaValue: PdfValue | undefined,
  cropValue: PdfValue | undefined,
): number[] {
  const mediaBox = normalRect(store, mediaValue) ?? letter
  const cropBox = normalRect(store, cropValue) ?? mediaBox
  if (cropBox === mediaBox || cropBox.every((v, i) => v === mediaBox[i])) return mediaBox
  const xLow = Math.max(Math.min(cropBox[0]!, cropBox[2]!), Math.min(mediaBox[0]!, mediaBox[2]!))
  const xHigh = Math.min(Math.max(cropBox[0]!, cropBox[2]!), Math.max(mediaBox[0]!, mediaBox[2]!))
  const yLow = Math.max(Math.min(cropBox[1]!, cropBox[3]!), Math.min(mediaBox[1]!, mediaBox[3]!))
  const yHigh = Math.min(Math.max(cropBox[1]!, cropBox[3]!), Math.max(mediaBox[1]!, mediaBox[3]!))
  if (xLow > xHigh || yLow > yHigh || xHigh - xLow <= 0 || yHigh - yLow <= 0) unsupported('empty view')
  return [xLow, yLow, xHigh, yHigh]
}

function normalRect(store: OpenedPdf['store'], value: PdfValue | undefined): number[] | null {
  const v = store.resolve(value)
  if (!Array.isArray(v) || v.length !== 4 || !v.every((x) => typeof x === 'number')) {
    if (value !== undefined) unsupported('box that is not four numbers')
    return null
  }
  const [x0, y0, x1, y1] = v as number[]
  const r = [Math.min(x0!, x1!), Math.min(y0!, y1!), Math.max(x0!, x1!), Math.max(y0!, y1!)]
  if (!(r[2]! - r[0]! > 0 && r[3]! - r[1]! > 0)) unsupported('empty box')
  return r
}
