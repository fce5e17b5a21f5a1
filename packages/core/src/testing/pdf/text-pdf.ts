/**
 * Small, valid PDFs of text lines (Helvetica, optional Flate streams), and hostile variants of them, for tests
 * that need a document rather than chosen objects. Written through `buildPdf` (minimal-pdf.ts), the one
 * serialiser of the test builders.
 */
import { zlibSync } from 'fflate'
import { buildPdf, type SourceObject } from './minimal-pdf'

export interface MinimalPdfOptions {
  /** One entry per page: lines drawn top-down at 12 pt. */
  pages: string[][]
  producer?: string
  /** Extra raw bytes for the page content (e.g. a huge inflated payload). */
  contentPadding?: number
  /** Raw operators appended to every page's content (e.g. a flood of `q Q`). */
  contentSuffix?: string
  compress?: boolean
  /** Adds a trailer /Encrypt reference (the dictionary itself is a stub). */
  encrypt?: boolean
  /**
   * Flate streams of spaces appended to the FIRST page's /Contents array, all sharing one compressed body:
   * a cheap decompression bomb that any reader of the page must inflate.
   */
  extraStreams?: { count: number; inflatedBytes: number }
}

const encoder = new TextEncoder()

export function buildMinimalPdf(options: MinimalPdfOptions): Uint8Array {
  const firstPage = 4
  const pageCount = options.pages.length
  const extraFirst = firstPage + pageCount * 2
  const extraRefs = Array.from(
    { length: options.extraStreams?.count ?? 0 },
    (_, i) => `${extraFirst + i} 0 R`,
  )
  const kids = options.pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ')
  const objects: SourceObject[] = [
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>` },
    { num: 3, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ]
  options.pages.forEach((lines, i) => {
    const pageId = firstPage + i * 2
    const contentId = pageId + 1
    const contents =
      i === 0 && extraRefs.length > 0 ? `[${contentId} 0 R ${extraRefs.join(' ')}]` : `${contentId} 0 R`
    objects.push({
      num: pageId,
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} >>`,
    })
    objects.push({ num: contentId, body: '<< >>', stream: contentOf(lines, options), raw: !options.compress })
  })
  if (options.extraStreams) {
    const bomb = zlibSync(new Uint8Array(options.extraStreams.inflatedBytes).fill(0x20), { level: 9 })
    for (let i = 0; i < options.extraStreams.count; i++)
      objects.push({ num: extraFirst + i, body: '<< /Filter /FlateDecode >>', stream: bomb, raw: true })
  }
  const infoId = objects.length + 1
  objects.push({ num: infoId, body: `<< /Producer (${options.producer ?? 'rv-minimal-pdf'}) >>` })
  let encryptRef = ''
  if (options.encrypt) {
    objects.push({ num: infoId + 1, body: '<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>' })
    encryptRef = ` /Encrypt ${infoId + 1} 0 R`
  }
  return buildPdf(objects, { trailer: `/Root 1 0 R /Info ${infoId} 0 R${encryptRef}` })
}

function contentOf(lines: string[], options: MinimalPdfOptions): Uint8Array {
  const ops = lines.map(
    (line, i) => `BT /F1 12 Tf 1 0 0 1 20 ${360 - i * 20} Tm (${escapePdfString(line)}) Tj ET`,
  )
  const body = encoder.encode(ops.join('\n') + (options.contentSuffix ? `\n${options.contentSuffix}` : ''))
  if (!options.contentPadding) return body
  const padded = new Uint8Array(body.byteLength + options.contentPadding + 1)
  padded.set(body)
  padded.fill(0x20, body.byteLength)
  return padded
}

function escapePdfString(line: string): string {
  return line.replace(/[\\()]/g, (c) => `\\${c}`)
}
