import { embedCidFont } from '../../font/embed-font'
import { cidHex, FontUse } from '../../font/font-use'
import { once } from '../../pdf/memo'
import { ref } from '../../pdf/pdf-dict'
import { flate, hex, num, PdfDoc } from '../../pdf/pdf-doc'
import { type PackedImage, pack, Raster } from '../../pdf/raster'
import { Rng } from '../../random/rng'
import type { AlfaContent } from './alfa-variants'

/**
 * Alfa receipts come from Oracle BI Publisher: A4, one Tj per cell with 2-byte upper-case hex strings, glyph ids
 * renumbered in order of first use, a 2.5 pt NBSP spacer cell after every label, values clipped to their cell,
 * content lines ending in CRLF like the rest of the file (as in the real files). Positions are FAMILIES.md's (yMin,
 * origin top-left).
 */
const W = 595.3
const H = 841.9
const COLUMNS = [35.45, 304.75]
const ROW0 = 148.2
const PITCH = 42.9
const NBSP = '\u00a0'

export interface AlfaRenderInput {
  content: AlfaContent
  /** «Сформирована» text, `DD.MM.YYYY HH:MM мск` */
  generated: string
  rng: Rng
}

export function renderAlfa({ content, generated, rng }: AlfaRenderInput): { pdf: Uint8Array; tag: string } {
  const font = new FontUse('DejaVuSansCondensed', 'Tahoma', 'first-use')
  return writeAlfaFile(drawAlfaPage(content, generated, font), font, rng)
}

/** The content stream: the «Сформирована» stamp, the title, the two-column grid of cells, the stamp image. */
function drawAlfaPage(content: AlfaContent, generated: string, font: FontUse): string {
  const ascent = font.source.ascent / font.source.unitsPerEm
  const base = (yMin: number, size: number): number => H - yMin - ascent * size
  const ops: string[] = []
  const tm = (x: number, y: number): string => `1 0 0 1 ${num(x, 3)} ${num(y, 3)} Tm`
  const tj = (text: string, size: number): void => {
    ops.push('/F1', ` ${num(size, 2)} Tf`, `${cidHex(font.encode(text), true)} Tj`)
  }
  const grey = '.494 .494 .513 RG .494 .494 .513 rg'
  const black = '0 0 0 RG 0 0 0 rg'

  ops.push(`q 297 0 0 35 262.85 35.45 cm /Im0 Do Q`, `q 30 0 0 46 35.45 760.45 cm /Im1 Do Q`)
  ops.push(grey, 'BT')
  const stampLabel = 'Сформирована'
  const y1 = base(35.5, 11)
  ops.push(tm(559.7 - font.width(stampLabel, 11), y1))
  tj(stampLabel, 11)
  ops.push(black, tm(559.069, y1 - 4.772))
  tj(NBSP, 2.5)
  ops.push(grey, tm(559.7 - font.width(generated, 11), base(51.8, 11)))
  tj(generated, 11)
  ops.push(black, tm(35.45, 732.437))
  tj(NBSP, 28)
  ops.push(tm(35.45, base(105.1, 21)))
  tj(content.title, 21)
  ops.push(tm(35.45, 690.436), `${cidHex(font.encode(NBSP), true)} Tj`)
  content.cells.forEach(([label, value], i) => {
    const x = COLUMNS[i % 2]!
    const labelY = ROW0 + PITCH * Math.floor(i / 2)
    const lb = base(labelY, 11)
    ops.push('.501 .501 .501 RG .501 .501 .501 rg', tm(x, lb))
    tj(label, 11)
    ops.push(black, tm(x, lb - 4.772))
    tj(NBSP, 2.5)
    ops.push('ET')
    const vb = base(labelY + 17.4, 12)
    ops.push(`q ${num(x, 3)} ${num(vb - 2.478, 3)} 255.1 15.6 re W n`, 'BT', tm(x, vb))
    tj(value, 12)
    ops.push('ET', 'Q', '0 0 0 RG', '0 0 0 rg', 'BT', '/F1 12 Tf')
  })
  ops.push('ET')
  const gridBottom = ROW0 + PITCH * Math.ceil(content.cells.length / 2)
  ops.push(`q 201 0 0 85.09 35.45 ${num(H - gridBottom - 23.6 - 85.09, 3)} cm /Im2 Do Q`)
  return `${ops.join('\r\n')}\r\n`
}

/** BI Publisher's objects: catalog, info, pages, resources, the three images, the page, the content, the font. */
function writeAlfaFile(content: string, font: FontUse, rng: Rng): { pdf: Uint8Array; tag: string } {
  const doc = new PdfDoc()
  const catalog = doc.alloc()
  const info = doc.alloc()
  const pages = doc.alloc()
  const resources = doc.alloc()
  const [im0, im1, im2] = [doc.alloc(), doc.alloc(), doc.alloc()]
  const page = doc.alloc()
  const contents = doc.alloc()
  const type0 = doc.alloc()
  const image = (n: number, r: PackedImage): void => {
    doc.set(
      n,
      `<< /Type /XObject /Subtype /Image /Filter /FlateDecode /Length {LEN} /Width ${r.width} /Height ${r.height} /BitsPerComponent 8 /ColorSpace /DeviceRGB >>`,
      r.bytes,
    )
  }
  const images = alfaImages()
  image(im0, images.footer)
  image(im1, images.logo)
  image(im2, images.stamp)
  doc.set(
    page,
    `<< /Type /Page /Parent ${ref(pages)} /Resources ${ref(resources)} /Contents ${ref(contents)} /MediaBox[ 0 0 ${W} ${H} ] /CropBox[ 0 0 ${W} ${H} ] /Rotate 0 >>`,
  )
  doc.set(contents, '<< /Length {LEN} /Filter /FlateDecode >>', flate(content))
  doc.set(catalog, `<< /Type /Catalog /Pages ${ref(pages)} >>`)
  doc.set(info, '<< /Type /Info /Producer (Oracle BI Publisher 12.2.1.4.0) >>')
  doc.set(pages, `<< /Type /Pages /Kids [ ${ref(page)} ] /Count 1 >>`)
  doc.set(
    resources,
    `<< /ProcSet [ /PDF /Text ] /Font << /F1 ${ref(type0)} >> /XObject << /Im0 ${ref(im0)} /Im1 ${ref(im1)} /Im2 ${ref(im2)} >> >>`,
  )
  const tag = rng.chars(6, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
  embedCidFont(doc, font, { writer: 'bip', tag, type0, toUnicode: true })
  // BI Publisher leaves two named-destination arrays behind, unreferenced.
  for (let k = 0; k < 2; k++) doc.set(doc.alloc(), `[ ${ref(page)} /XYZ 35.45 367.47 null ]`)
  const id = hex(rng.bytes(16))
  const pdf = doc.serialize({
    header: '%PDF-1.6\r\n',
    eol: '\r\n',
    trailer: `<<\r\n/Size {SIZE}\r\n/Root ${ref(catalog)}\r\n/Info ${ref(info)}\r\n/ID [<${id}><${id}>]\r\n>>`,
  })
  return { pdf, tag }
}

/** The same artwork in every receipt, as in the real files; built and compressed once. */
const alfaImages = once(() => ({
  footer: pack(footerImage().speckle(new Rng('alfa-footer'), 0.16, 6), flate),
  logo: pack(logoImage(), flate),
  stamp: pack(stampImage().speckle(new Rng('alfa-stamp'), 0.06, 8), flate),
}))

const RED = [239, 49, 36]
const WHITE = [255, 255, 255]

function logoImage(): Raster {
  // A red tile with a white letter-like mark and underline (not the bank's artwork).
  return new Raster(90, 138, 3, WHITE)
    .rect(0, 0, 90, 138, RED)
    .rect(30, 20, 12, 80, WHITE)
    .rect(48, 20, 12, 80, WHITE)
    .rect(30, 20, 30, 12, WHITE)
    .rect(20, 110, 50, 10, WHITE)
}

function stampImage(): Raster {
  const blue = [40, 70, 160]
  const r = new Raster(603, 258, 3, WHITE).frame(4, 4, 595, 250, 6, blue).frame(16, 16, 571, 226, 3, blue)
  for (let k = 0; k < 5; k++) r.rect(40, 50 + k * 36, 300 + ((k * 97) % 200), 12, blue)
  return r
}

function footerImage(): Raster {
  const grey = [128, 128, 128]
  const r = new Raster(900, 105, 3, WHITE)
  for (let k = 0; k < 3; k++) r.rect(60 + k * 20, 15 + k * 30, 780 - k * 120, 14, grey)
  return r.rect(0, 0, 36, 105, RED)
}
