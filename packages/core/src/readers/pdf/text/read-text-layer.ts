/**
 * Turns one pdf.js document into the page list, Info values and positioned text runs of the PdfModel.
 * Coordinates are converted to the top-left origin used by FAMILIES.md (`pdftotext -bbox-layout`): a run's
 * `y` is the top of its line box, i.e. the baseline minus the font's ascent.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PdfInfo, PdfPage, TextRun } from '../../../vocabulary/pdf-model'

/** The fields of a pdf.js text item the layer reads (the structure reader builds the same shape). */
export interface PdfJsTextItem {
  str: string
  transform: number[]
  width: number
  height: number
  fontName: string
}

export interface PdfJsStyle {
  ascent?: number
}

export interface TextLayer {
  pages: PdfPage[]
  /** The file's Info dictionary (custom keys flattened in), without the keys pdf.js computes itself. */
  info: PdfInfo
  runs: TextRun[]
  /** pdf.js reports the encryption filter here, not in Info. */
  encrypted: boolean
}

/** Reads every page of an opened document. Whitespace-only runs (spacers) are dropped. */
export async function readTextLayer(doc: PDFDocumentProxy): Promise<TextLayer> {
  const pages: PdfPage[] = []
  const runs: TextRun[] = []
  for (let index = 0; index < doc.numPages; index++) {
    const page = await doc.getPage(index + 1)
    const viewport = page.getViewport({ scale: 1 })
    pages.push({ index, width: viewport.width, height: viewport.height })
    const content = await page.getTextContent({ includeMarkedContent: false })
    const styles = content.styles as Record<string, PdfJsStyle>
    const pageRuns: TextRun[] = []
    for (const item of content.items) {
      if (!('str' in item)) continue
      const run = toRun(item as PdfJsTextItem, index, viewport.height, styles)
      if (run) pageRuns.push(run)
    }
    runs.push(...sortReadingOrder(pageRuns))
    page.cleanup()
  }
  const metadata = await doc.getMetadata()
  const encrypted = !!(metadata.info as { EncryptFilterName?: unknown } | null)?.EncryptFilterName
  return { pages, info: toInfo(metadata.info), runs, encrypted }
}

export function toRun(
  item: PdfJsTextItem,
  page: number,
  pageHeight: number,
  styles: Record<string, PdfJsStyle>,
): TextRun | null {
  if (item.str.trim() === '') return null
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform
  const fontSize = Math.hypot(c, d) || Math.hypot(a, b)
  const ascent = clampAscent(styles[item.fontName]?.ascent)
  return {
    page,
    text: item.str,
    x: round2(e),
    y: round2(pageHeight - f - ascent * fontSize),
    width: round2(item.width),
    height: round2(fontSize),
    // pdf.js does not expose BaseFont names from the text layer; its per-document font id keeps runs of one
    // font together. BaseFont names (and subset tags) come from the raw structure.
    fontName: item.fontName.replace(/^g_d\d+_/, ''),
    fontSize: round2(fontSize),
  }
}

function clampAscent(ascent: number | undefined): number {
  if (ascent === undefined || !Number.isFinite(ascent) || ascent <= 0 || ascent > 1.5) return 0.8
  return ascent
}

function round2(n: number): number {
  return Math.round(n * 100) / 100
}

/** Top to bottom by line (runs whose tops are within a third of the font size share a line), then left to right. */
export function sortReadingOrder(runs: TextRun[]): TextRun[] {
  const sorted = [...runs].sort((p, q) => p.y - q.y || p.x - q.x)
  const lines: TextRun[][] = []
  for (const run of sorted) {
    const line = lines.at(-1)
    const first = line?.[0]
    if (
      line &&
      first &&
      Math.abs(run.y - first.y) <= Math.max(1, Math.min(run.fontSize, first.fontSize) / 3)
    ) {
      line.push(run)
    } else {
      lines.push([run])
    }
  }
  return lines.flatMap((line) => line.sort((p, q) => p.x - q.x))
}

/** Keys pdf.js adds to the metadata it returns; they are not in the file's Info dictionary. */
const pdfJsKeys = new Set([
  'PDFFormatVersion',
  'Language',
  'EncryptFilterName',
  'IsLinearized',
  'IsAcroFormPresent',
  'IsXFAPresent',
  'IsCollectionPresent',
  'IsSignaturesPresent',
])

function toInfo(raw: unknown): PdfInfo {
  const info: Record<string, string> = {}
  if (!raw || typeof raw !== 'object') return info
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (pdfJsKeys.has(key)) continue
    if (typeof value === 'string') info[key] = value
    else if (typeof value === 'number' || typeof value === 'boolean') info[key] = String(value)
    else if (key === 'Custom' && value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (typeof v === 'string') info[k] = v
        else if (v && typeof v === 'object' && 'name' in v) info[k] = String((v as { name: unknown }).name)
      }
    }
  }
  return info
}
