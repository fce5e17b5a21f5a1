/** VTB's PDF objects as PDFBox writes them: a table of objects in allocation order, the logo form, the CID font. */
import { embedCidFont } from '../../font/embed-font'
import type { FontUse } from '../../font/font-use'
import { type DictEntries, dict, ref } from '../../pdf/pdf-dict'
import { flate, hex, PdfDoc, utf16Hex } from '../../pdf/pdf-doc'
import type { Rng } from '../../random/rng'

export interface VtbDocumentInput {
  content: string
  width: number
  height: number
  font: FontUse
  /** PDFBox's subset tag for the font. */
  tag: string
  creationDate: string
  rng: Rng
}

/** The objects PDFBox allocates before the font, in allocation order. */
const NAMES = [
  'catalog',
  'pages',
  'info',
  'page',
  'contents',
  'resources',
  'fonts',
  'form',
  'type0',
  'gsDict',
  'gs1',
] as const
type VtbRefs = Record<(typeof NAMES)[number], number>

export function writeVtbDocument(input: VtbDocumentInput): Uint8Array {
  const doc = new PdfDoc()
  const n = Object.fromEntries(NAMES.map((name) => [name, doc.alloc()])) as VtbRefs
  for (const [num, entries, stream] of vtbObjects(n, input)) doc.set(num, dict(entries, 'pdfbox'), stream)
  embedCidFont(doc, input.font, { writer: 'pdfbox', tag: input.tag, type0: n.type0, toUnicode: true })
  const id = hex(input.rng.bytes(16), true)
  return doc.serialize({
    header: '%PDF-1.4\n%\xf6\xe4\xfc\xdf\n',
    eol: '\n',
    entryEol: '\r\n',
    trailer: `<<\n/Root ${ref(n.catalog)}\n/Info ${ref(n.info)}\n/ID [<${id}> <${id}>]\n/Size {SIZE}\n>>`,
  })
}

/** Every object but the font's, as the table of dictionaries (and streams) PDFBox writes. */
function vtbObjects(
  n: VtbRefs,
  input: VtbDocumentInput,
): Array<[num: number, entries: DictEntries, stream?: Uint8Array]> {
  return [
    [
      n.catalog,
      [
        ['Type', '/Catalog'],
        ['Version', '/1.7'],
        ['Pages', ref(n.pages)],
      ],
    ],
    [
      n.info,
      [
        ['CreationDate', `(${input.creationDate})`],
        ['Producer', '(openhtmltopdf.com)'],
        ['viewport', '(width=device-width, initial-scale=1.0)'],
        ['Title', utf16Hex('Чек-PDF')],
      ],
    ],
    [
      n.pages,
      [
        ['Type', '/Pages'],
        ['Kids', `[${ref(n.page)}]`],
        ['Count', '1'],
      ],
    ],
    [
      n.page,
      [
        ['Type', '/Page'],
        ['MediaBox', `[0.0 0.0 ${input.width} ${input.height}]`],
        ['Parent', ref(n.pages)],
        ['Contents', ref(n.contents)],
        ['Resources', ref(n.resources)],
      ],
    ],
    [
      n.contents,
      [
        ['Length', '{LEN}'],
        ['Filter', '/FlateDecode'],
      ],
      flate(input.content),
    ],
    [
      n.resources,
      [
        ['Font', ref(n.fonts)],
        ['XObject', `<<\n/Form1 ${ref(n.form)}\n>>`],
      ],
    ],
    [n.fonts, [['F1', ref(n.type0)]]],
    [
      n.form,
      [
        ['Length', '{LEN}'],
        ['Type', '/XObject'],
        ['Subtype', '/Form'],
        ['Resources', `<<\n/ExtGState ${ref(n.gsDict)}\n>>`],
        ['BBox', '[0.0 0.0 92.0 32.0]'],
        ['Filter', '/FlateDecode'],
        ['Matrix', '[0.75 0.0 0.0 0.75 0.0 0.0]'],
      ],
      flate(logo()),
    ],
    [n.gsDict, [['gs1', ref(n.gs1)]]],
    [
      n.gs1,
      [
        ['Type', '/ExtGState'],
        ['BM', '/Compatible'],
      ],
    ],
  ]
}

/** A neutral stand-in for the bank's vector logo: three slanted blue bars (no trademark artwork is copied). */
function logo(): string {
  const bar = (y: number): string =>
    `${23 + y * 0.4} ${y + 4.25} m\n${1.5 + y * 0.4} ${y + 4.25} l\n${y * 0.4} ${y} l\n${21.5 + y * 0.4} ${y} l\nh`
  return `q\n0 32 m\n92 32 l\n92 0 l\n0 0 l\n0 32 l\nh\nW\nn\nq\n${bar(15)}\n${bar(21.4)}\n${bar(27.75)}\n/DeviceRGB cs\n0.0392 0.7333 0.9843 sc\n/gs1 gs\nf*\nQ\nq\n32.666 0 m\n32.666 25.5 l\n50 25.5 l\n50 0 l\nh\n55 0 m\n55 25.5 l\n72 25.5 l\n72 0 l\nh\n/DeviceRGB cs\n0.0392 0.1569 0.5020 sc\nf\nQ\nQ\n`
}
