/**
 * One-page PDFs drawn with an embedded TrueType program as Type0 / Identity-H fonts (`/F1`, `/F2`, `/F3`), for tests that run the
 * structure reader and pdf.js over the same content stream. Codes 1–40 are mapped by a ToUnicode CMap to the
 * characters of `glyphText` (space, no-break space and a combining accent included) and given varied widths.
 */
import { buildPdf, type SourceObject } from './minimal-pdf'

/**
 * Code n (1-based) shows glyphText[n - 1]: code 32 is a space (pdf.js adds word spacing to code 32 only),
 * 33 a no-break space, 34 a combining acute accent.
 */
export const glyphText = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcde \u00a0\u0301123456.,'

export const widthOf = (code: number): number => 300 + ((code * 37) % 500)

export interface Type0PdfOptions {
  /** Page content stream (operators). */
  content: string
  program: Uint8Array
  mediaBox?: string
  pageExtra?: string
  /** Omit the ToUnicode CMap of /F1. */
  withoutToUnicode?: boolean
  /** Extra page resources (e.g. `/XObject << /X1 30 0 R >>`) and the objects they name (numbers from 30). */
  resources?: string
  objects?: SourceObject[]
  /** Replaces /F1's /Encoding /Identity-H. */
  encoding?: string
}

export function buildType0Pdf(options: Type0PdfOptions): Uint8Array {
  const codes = [...glyphText].map((_, i) => i + 1)
  const entries = codes.map((c) => `<${hex4(c)}> <${hex4(glyphText.charCodeAt(c - 1))}>`)
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Test-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    `${entries.length} beginbfchar`,
    ...entries,
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n')
  const widths = `[1 [${codes.map(widthOf).join(' ')}]]`
  const font = (num: number, name: string, unicode: string) => ({
    num,
    body: `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding ${num === 5 ? (options.encoding ?? '/Identity-H') : '/Identity-H'} /DescendantFonts [${num + 1} 0 R]${unicode} >>`,
  })
  const cid = (num: number, name: string) => ({
    num,
    body: `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${num + 1} 0 R /W ${widths} /DW 500 /CIDToGIDMap /Identity >>`,
  })
  const descriptor = (num: number, name: string) => ({
    num,
    body: `<< /Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [-500 -300 1500 1000] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 10 0 R >>`,
  })
  // F1 and F2: one name, two font objects (pdf.js does not end an item between them); F3: another name.
  const fonts = [
    [5, 'AAAAAA+Test'],
    [11, 'AAAAAA+Test'],
    [14, 'BBBBBB+Other'],
  ] as const
  return buildPdf(
    [
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: `<< /Type /Page /Parent 2 0 R /MediaBox ${options.mediaBox ?? '[0 0 300 400]'} /Resources << /Font << /F1 5 0 R /F2 11 0 R /F3 14 0 R >> ${options.resources ?? ''} >> /Contents 4 0 R ${options.pageExtra ?? ''} >>`,
      },
      { num: 4, body: '<< >>', stream: options.content },
      { num: 8, body: '<< >>', stream: cmap },
      { num: 10, body: `<< /Length1 ${options.program.length} >>`, stream: options.program },
      ...fonts.flatMap(([num, name]) => [
        font(num, name, num === 5 && options.withoutToUnicode ? '' : ' /ToUnicode 8 0 R'),
        cid(num + 1, name),
        descriptor(num + 2, name),
      ]),
      { num: 20, body: '<< /Producer (type0-font-pdf) /Title <FEFF0054006500730074> >>' },
      ...(options.objects ?? []),
    ],
    { trailer: '/Root 1 0 R /Info 20 0 R' },
  )
}

/** A string operand showing the given codes (2 bytes each). */
export function codes(list: number[]): string {
  return `<${list.map(hex4).join('')}>`
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0').toUpperCase()
}
