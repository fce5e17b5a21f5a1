import { embedCidFont } from '../../font/embed-font'
import { cidPdfbox, FontUse } from '../../font/font-use'
import { dict, ref } from '../../pdf/pdf-dict'
import { flate, hex, num, PdfDoc, utf16Hex } from '../../pdf/pdf-doc'
import type { Rng } from '../../random/rng'
import type { VtbContent } from './vtb-content'

/**
 * VTB receipts come from openhtmltopdf (PDFBox): one BT…ET per visual line placed with an absolute Tm, each line a
 * single TJ whose glyphs are separate 2-byte strings joined by the CSS letter-spacing kern. Positions follow
 * FAMILIES.md (pdftotext yMin, origin top-left): labels x=24.75, values right-aligned to 257.07, 24 pt row pitch.
 */
const WIDTH = 281.2125
const LABEL_X = 24.75
const VALUE_RIGHT = 257.07
const GREY = '0.13333 0.13333 0.13333 rg'
const GREEN = '0 0.50196 0.3098 rg'
const BLUE_RULE = '0.22745 0.51373 0.9451 rg'
const STAMP = '0.49804 0.67059 0.92941'
/** openhtmltopdf's layout unit: a dot, 1/20 CSS px, in points. */
const DOT = 0.0375
const onDotGrid = (v: number): number => Math.round(v / DOT) * DOT
/** Heading lines: the title at 82, the second line at 100, wrapped lines after it every 12 pt. */
const headingY = (i: number): number => (i === 0 ? 82 : 100 + 12 * (i - 1))
/** letter-spacing in points by font size (0.2 px, 0.3 px for the heading) */
const spacing = (size: number): number => (size === 10.5 ? 0.225 : 0.15)

export interface VtbRenderInput {
  content: VtbContent
  creationDate: string
  rng: Rng
}

/** PDFBox names a subset after a hash of its glyph set, always `AA???C`. */
function subsetTag(use: FontUse): string {
  let h = 0
  for (const g of [...use.cids.keys()].sort((a, b) => a - b)) h = (Math.imul(h, 31) + g) >>> 0
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  return `AA${letters[h % 26]}${letters[Math.floor(h / 26) % 26]}${letters[Math.floor(h / 676) % 26]}C`
}

export function renderVtb({ content, creationDate, rng }: VtbRenderInput): {
  pdf: Uint8Array
  height: number
} {
  const font = new FontUse('DejaVuSansCondensed', 'SFProDisplay-Regular', 'original')
  const ascent = font.source.ascent / font.source.unitsPerEm
  const ops: string[] = []
  // Extra wraps (long values) push everything below down by 12 pt and grow the page, as openhtmltopdf does.
  const wraps = content.rows.filter((r) => !r.wrapAt && !r.lines && needsWrap(font, r.label, r.value)).length
  const H = content.height + wraps * 12
  const base = (yMin: number, size: number): number => H - yMin - ascent * size

  const line = (text: string, x: number, yMin: number, size: number, colour: string): void => {
    const kern = num((-spacing(size) * 1000) / size, 5)
    const parts = font.encode(text).map((c) => cidPdfbox([c]))
    // openhtmltopdf lays out in whole dots (1/20 CSS px = 0.0375 pt): every Tm lands on that grid.
    const [tx, ty] = [onDotGrid(x), onDotGrid(base(yMin, size))]
    ops.push(colour, 'BT', `/F1 ${num(size, 5)} Tf`, `1 0 0 1 ${num(tx, 5)} ${num(ty, 5)} Tm`)
    ops.push(`[${parts.join(`${kern} `)}] TJ`, 'ET')
  }
  const right = (text: string, yMin: number, size: number, colour = GREY): void =>
    line(text, VALUE_RIGHT - font.width(text, size, spacing(size)), yMin, size, colour)
  const centre = (text: string, yMin: number, size: number, colour = GREY): void =>
    line(text, (WIDTH - font.width(text, size, spacing(size))) / 2, yMin, size, colour)
  const rule = (yTop: number): void => {
    const y = H - yTop
    ops.push(BLUE_RULE, `24 ${num(y, 5)} m`, `257.25 ${num(y, 5)} l`, `257.25 ${num(y - 0.75, 5)} l`)
    ops.push(`24 ${num(y - 0.75, 5)} l`, 'h', 'f')
  }

  ops.push('0.0375 w', '2 J', '0 j', '10 M', '[] 0 d', 'q')
  ops.push(`0 ${num(H, 5)} m`, `${num(WIDTH, 5)} ${num(H, 5)} l`, `${num(WIDTH, 5)} 0.03751 l`, '0 0.03751 l')
  ops.push(`0 ${num(H, 5)} l`, 'h', 'W', 'n')
  ops.push('q', `1 0 0 1 ${num((WIDTH - 69) / 2, 5)} ${num(H - 48, 5)} cm`, '/Form1 Do', 'Q')
  rule(64.5)
  content.heading.forEach((text, i) => {
    centre(text, headingY(i), 10.5)
  })
  let y = headingY(content.heading.length - 1) + 30.2
  for (const row of content.rows) {
    const colour = row.green ? GREEN : GREY
    if (row.lines) {
      // Label and value each already broken into lines (a state-fee payment's long rows): 12 pt a line.
      for (const [i, text] of row.lines.label.entries()) line(text, LABEL_X, y + 12 * i, 9, GREY)
      for (const [i, text] of row.lines.value.entries()) right(text, y - 0.75 + 12 * i, 9, colour)
      y += 24 + 12 * (Math.max(row.lines.label.length, row.lines.value.length) - 1)
      continue
    }
    if (row.labelWrapAt) {
      // The label wraps onto two lines (the value stays on the first): the rows below move down 12 pt.
      const cut = row.label.indexOf(' ', row.labelWrapAt - 1)
      line(row.label.slice(0, cut), LABEL_X, y, 9, GREY)
      line(row.label.slice(cut + 1), LABEL_X, y + 12, 9, GREY)
      right(row.value, y - 0.75, 9, colour)
      y += 36
      continue
    }
    line(row.label, LABEL_X, y, 9, GREY)
    if (row.wrapAt) {
      right(row.value.slice(0, row.wrapAt), y - 0.75, 9, colour)
      right(row.value.slice(row.wrapAt), y + 11.25, 9, colour)
      y += 12
    } else if (needsWrap(font, row.label, row.value)) {
      const [a, b] = splitValue(row.value)
      right(a, y - 0.75, 9, colour)
      right(b, y + 11.25, 9, colour)
      y += 12
    } else right(row.value, y - 0.75, 9, colour)
    y += 24
  }
  const amountY = H - 84.45
  rule(amountY - 18.3)
  line('Сумма операции', LABEL_X, amountY, 13.5, GREY)
  right(content.amount, amountY - 0.75, 13.5)
  // The stamp: a light-blue frame with the bank's name and "operation completed", turned 2° about its centre
  // as the real files draw it (their matrix), so its text is rotated and aligns with nothing.
  // Only the operators the real files use (filled paths, no `re`/stroke): a frame of four thin bars.
  ops.push('q', '0.99939 0.0349 -0.0349 0.99939 1.43366 -4.88421 cm', `${STAMP} rg`)
  for (const [x, y, w, h] of [
    [78.6, 26, 124, 0.75],
    [78.6, 55.25, 124, 0.75],
    [78.6, 26, 0.75, 30],
    [201.85, 26, 0.75, 30],
  ] as const) {
    ops.push(
      `${x} ${y} m`,
      `${num(x + w, 5)} ${y} l`,
      `${num(x + w, 5)} ${num(y + h, 5)} l`,
      `${x} ${num(y + h, 5)} l`,
      'h',
      'f',
    )
  }
  // Its two lines start where the real files' Tm puts them (baselines 39.825 and 30.825 above the bottom edge).
  line('Банк ВТБ (ПАО)', 108.15, H - 39.825 - ascent * 9, 9, `${STAMP} rg`)
  line('Операция выполнена', 97.2, H - 30.825 - ascent * 9, 9, `${STAMP} rg`)
  ops.push('Q', 'Q')

  const doc = new PdfDoc()
  const catalog = doc.alloc()
  const pages = doc.alloc()
  const info = doc.alloc()
  const page = doc.alloc()
  const contents = doc.alloc()
  const resources = doc.alloc()
  const fonts = doc.alloc()
  const form = doc.alloc()
  const type0 = doc.alloc()
  const gsDict = doc.alloc()
  const gs1 = doc.alloc()
  doc.set(
    catalog,
    dict(
      [
        ['Type', '/Catalog'],
        ['Version', '/1.7'],
        ['Pages', ref(pages)],
      ],
      'pdfbox',
    ),
  )
  doc.set(
    info,
    dict(
      [
        ['CreationDate', `(${creationDate})`],
        ['Producer', '(openhtmltopdf.com)'],
        ['viewport', '(width=device-width, initial-scale=1.0)'],
        ['Title', utf16Hex('Чек-PDF')],
      ],
      'pdfbox',
    ),
  )
  doc.set(
    pages,
    dict(
      [
        ['Type', '/Pages'],
        ['Kids', `[${ref(page)}]`],
        ['Count', '1'],
      ],
      'pdfbox',
    ),
  )
  doc.set(
    page,
    dict(
      [
        ['Type', '/Page'],
        ['MediaBox', `[0.0 0.0 ${WIDTH} ${H}]`],
        ['Parent', ref(pages)],
        ['Contents', ref(contents)],
        ['Resources', ref(resources)],
      ],
      'pdfbox',
    ),
  )
  doc.set(
    contents,
    dict(
      [
        ['Length', '{LEN}'],
        ['Filter', '/FlateDecode'],
      ],
      'pdfbox',
    ),
    flate(`${ops.join('\n')}\n`),
  )
  doc.set(
    resources,
    dict(
      [
        ['Font', ref(fonts)],
        ['XObject', `<<\n/Form1 ${ref(form)}\n>>`],
      ],
      'pdfbox',
    ),
  )
  doc.set(fonts, dict([['F1', ref(type0)]], 'pdfbox'))
  doc.set(
    form,
    dict(
      [
        ['Length', '{LEN}'],
        ['Type', '/XObject'],
        ['Subtype', '/Form'],
        ['Resources', `<<\n/ExtGState ${ref(gsDict)}\n>>`],
        ['BBox', '[0.0 0.0 92.0 32.0]'],
        ['Filter', '/FlateDecode'],
        ['Matrix', '[0.75 0.0 0.0 0.75 0.0 0.0]'],
      ],
      'pdfbox',
    ),
    flate(logo()),
  )
  doc.set(gsDict, dict([['gs1', ref(gs1)]], 'pdfbox'))
  doc.set(
    gs1,
    dict(
      [
        ['Type', '/ExtGState'],
        ['BM', '/Compatible'],
      ],
      'pdfbox',
    ),
  )
  embedCidFont(doc, font, { writer: 'pdfbox', tag: subsetTag(font), type0, toUnicode: true })
  const id = hex(rng.bytes(16), true)
  const pdf = doc.serialize({
    header: '%PDF-1.4\n%\xf6\xe4\xfc\xdf\n',
    eol: '\n',
    entryEol: '\r\n',
    trailer: `<<\n/Root ${ref(catalog)}\n/Info ${ref(info)}\n/ID [<${id}> <${id}>]\n/Size {SIZE}\n>>`,
  })
  return { pdf, height: H }
}

/** A neutral stand-in for the bank's vector logo: three slanted blue bars (no trademark artwork is copied). */
function logo(): string {
  const bar = (y: number): string =>
    `${23 + y * 0.4} ${y + 4.25} m\n${1.5 + y * 0.4} ${y + 4.25} l\n${y * 0.4} ${y} l\n${21.5 + y * 0.4} ${y} l\nh`
  return `q\n0 32 m\n92 32 l\n92 0 l\n0 0 l\n0 32 l\nh\nW\nn\nq\n${bar(15)}\n${bar(21.4)}\n${bar(27.75)}\n/DeviceRGB cs\n0.0392 0.7333 0.9843 sc\n/gs1 gs\nf*\nQ\nq\n32.666 0 m\n32.666 25.5 l\n50 25.5 l\n50 0 l\nh\n55 0 m\n55 25.5 l\n72 25.5 l\n72 0 l\nh\n/DeviceRGB cs\n0.0392 0.1569 0.5020 sc\nf\nQ\nQ\n`
}

function needsWrap(font: FontUse, label: string, value: string): boolean {
  return LABEL_X + font.width(label, 9, 0.15) + 12 + font.width(value, 9, 0.15) > VALUE_RIGHT
}

function splitValue(value: string): [string, string] {
  const cut = value.lastIndexOf(' ', Math.ceil(value.length / 2) + 4)
  return cut > 0 ? [value.slice(0, cut), value.slice(cut + 1)] : [value.slice(0, 25), value.slice(25)]
}
