import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { deflate } from 'pako'
import { describe, expect, it } from 'vitest'
import { buildPdf } from '../../testing/pdf/minimal-pdf'
import { buildMinimalPdf } from '../../testing/pdf/text-pdf'
import { buildType0Pdf, codes } from '../../testing/pdf/type0-font-pdf'
import { CheckError } from '../../vocabulary/error-codes'
import { defaultPdfLimits } from '../../vocabulary/pdf-model'
import { parsePdf } from './parse-pdf'
import { openPdf } from './structure'
import type { PdfStructure } from './structure/structure-types'
import { readTextLayerWithPdfJs } from './text/read-with-pdfjs'
import { resolveFontNames } from './text/resolve-font-names'
import { readTextFromStructure } from './text-from-structure/read-structure-text'

const program = new Uint8Array(
  readFileSync(
    fileURLToPath(new URL('../../../../generator/fonts/LiberationSans-Regular.ttf', import.meta.url)),
  ),
)

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
    return 'no error'
  } catch (error) {
    expect(error).toBeInstanceOf(CheckError)
    return (error as CheckError).code
  }
}

describe('parsePdf', () => {
  it('reads the text layer from the structure when it can, with the model pdf.js gives', async () => {
    const bytes = buildType0Pdf({ content: `BT /F1 9 Tf 30 200 Td ${codes([1, 2, 32, 3])} Tj ET`, program })
    expect('layer' in readTextFromStructure(openPdf(bytes))).toBe(true)
    const model = await parsePdf(bytes)
    const pdfjs = await readTextLayerWithPdfJs(bytes, defaultPdfLimits)
    expect(model.runs).toEqual(resolveFontNames(pdfjs.runs, model.structure as never))
    expect(model.runs.map((r) => [r.text, r.fontName])).toEqual([['AB C', 'Test']])
    expect(model.pages).toEqual(pdfjs.pages)
    expect(model.info).toEqual(pdfjs.info)
  })

  it('falls back to pdf.js for what the structure reader leaves (here a broken font program)', async () => {
    const bytes = buildType0Pdf({
      content: `BT /F1 9 Tf 30 200 Td ${codes([1, 2])} Tj ET`,
      program: new Uint8Array(64).fill(7),
    })
    expect(readTextFromStructure(openPdf(bytes))).toMatchObject({
      fallback: expect.stringContaining('font program'),
    })
    const model = await parsePdf(bytes)
    const pdfjs = await readTextLayerWithPdfJs(bytes, defaultPdfLimits)
    expect(model.runs).toEqual(resolveFontNames(pdfjs.runs, model.structure as never))
  })

  it('reads positioned text runs and Info values of a well-formed PDF', async () => {
    const bytes = buildMinimalPdf({
      pages: [['Hello receipt', 'Amount 600']],
      producer: 'unit-test',
      compress: true,
    })
    const model = await parsePdf(bytes)
    expect(model.pages).toHaveLength(1)
    expect(model.pages[0]).toMatchObject({ width: 300, height: 400 })
    expect(model.info).toEqual({ Producer: 'unit-test' })
    expect(model.runs.map((r) => r.text)).toEqual(['Hello receipt', 'Amount 600'])
    const first = model.runs[0]!
    expect(first.x).toBeCloseTo(20, 1)
    // Baseline 360 from the bottom of a 400 pt page is 40 from the top; the line box starts an ascent above.
    expect(first.y).toBeGreaterThan(28)
    expect(first.y).toBeLessThan(40)
    expect(first.fontSize).toBeCloseTo(12, 1)
    expect(model.byteLength).toBe(bytes.byteLength)
  })

  it('leaves the caller bytes intact', async () => {
    const bytes = buildMinimalPdf({ pages: [['x']] })
    const copy = bytes.slice()
    await parsePdf(bytes)
    expect(bytes).toEqual(copy)
  })

  it('rejects bytes that are not a PDF', async () => {
    expect(await codeOf(parsePdf(new TextEncoder().encode('<html>not a pdf</html>')))).toBe('pdf_unreadable')
    expect(await codeOf(parsePdf(new Uint8Array(0)))).toBe('pdf_unreadable')
  })

  it('rejects a truncated PDF', async () => {
    const bytes = buildMinimalPdf({ pages: [['Truncated soon']], compress: true })
    expect(await codeOf(parsePdf(bytes.subarray(0, Math.floor(bytes.byteLength * 0.6))))).toBe(
      'pdf_unreadable',
    )
  })

  it('rejects a PDF whose header is present but whose body is garbage', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n'.padEnd(5000, '#') + '\n%%EOF\n')
    expect(await codeOf(parsePdf(bytes))).toBe('pdf_unreadable')
  })

  it('rejects an encrypted PDF', async () => {
    expect(await codeOf(parsePdf(buildMinimalPdf({ pages: [['secret']], encrypt: true })))).toBe(
      'pdf_encrypted',
    )
  })

  it('rejects a 200-page PDF', async () => {
    const pages = Array.from({ length: 200 }, (_, i) => [`page ${i}`])
    expect(await codeOf(parsePdf(buildMinimalPdf({ pages })))).toBe('pdf_too_many_pages')
  })

  it('rejects a decompression bomb without inflating it whole', async () => {
    // 64 streams of ~16 kB each inflate to 1 GB in total, far past the 50 MB budget.
    const bytes = buildMinimalPdf({
      pages: [['bomb']],
      extraStreams: { count: 64, inflatedBytes: 16 * 1024 * 1024 },
    })
    expect(bytes.byteLength).toBeLessThan(defaultPdfLimits.maxBytes)
    expect(await codeOf(parsePdf(bytes))).toBe('pdf_too_complex')
  })

  it('rejects a page that floods the content stream with operators', async () => {
    const bytes = buildMinimalPdf({
      pages: [['flood']],
      compress: true,
      contentSuffix: 'q Q\n'.repeat(300_000),
    })
    expect(bytes.byteLength).toBeLessThan(100_000)
    expect(await codeOf(parsePdf(bytes))).toBe('pdf_too_complex')
  })

  it('rejects a file above the size limit and one with too many objects', async () => {
    const bytes = buildMinimalPdf({ pages: [['x']] })
    expect(await codeOf(parsePdf(bytes, { ...defaultPdfLimits, maxBytes: 100 }))).toBe('file_too_large')
    expect(await codeOf(parsePdf(bytes, { ...defaultPdfLimits, maxObjects: 2 }))).toBe('pdf_too_complex')
  })

  it('without the structure: the same text, pages and Info, structure null', async () => {
    const bytes = buildType0Pdf({ content: `BT /F1 9 Tf 30 200 Td ${codes([1, 2, 32, 3])} Tj ET`, program })
    const full = await parsePdf(bytes)
    const text = await parsePdf(bytes, defaultPdfLimits, { structure: false })
    expect(full.structure).not.toBeNull()
    expect(text.structure).toBeNull()
    expect(text).toEqual({ ...full, structure: null })
  })
})

describe('openPdf zlibLevels', () => {
  it('finds the classic zlib level of a content stream, and skips the search when told', () => {
    const content = deflate(new TextEncoder().encode('BT /F1 12 Tf 10 20 Td (x) Tj ET\n'), { level: 6 })
    const bytes = buildPdf(
      [
        { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Contents 4 0 R >>' },
        { num: 4, body: '<< /Filter /FlateDecode >>', stream: content, raw: true },
      ],
      { trailer: '/Root 1 0 R' },
    )
    const levelOf = (structure: PdfStructure) => structure.streams.find((x) => x.num === 4)?.classicZlibLevel
    expect(levelOf(openPdf(bytes).structure)).toBe(6)
    expect(levelOf(openPdf(bytes, defaultPdfLimits, { zlibLevels: false }).structure)).toBeNull()
  })
})
