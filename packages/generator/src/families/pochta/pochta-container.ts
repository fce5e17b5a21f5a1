import { embedCidFont } from '../../font/embed-font'
import type { FontUse } from '../../font/font-use'
import { ref } from '../../pdf/pdf-dict'
import { flate, hex, PdfDoc } from '../../pdf/pdf-doc'
import type { Rng } from '../../random/rng'

export interface PochtaContainerInput {
  /** Content lines (written CRLF-separated, as BI Publisher writes them). */
  ops: string[]
  /** Albany WT J, the only embedded font (F3). */
  albany: FontUse
  rng: Rng
  width: number
  height: number
}

/**
 * Oracle BI Publisher 10.1.3.4.2's file (FAMILIES.md, Pochta Bank): PDF 1.4, Helvetica (F1) and Helvetica-Bold
 * (F2) as standard fonts, not embedded, WinAnsi; `Albany WT J` (F3) a CID TrueType subset with ToUnicode. The
 * object layout, the Info dictionary (Producer only) and the /ID are written as the same product's 12.2 release
 * writes them for Alfa-Bank; FAMILIES.md states none of them for Pochta Bank.
 */
export function writePochtaPdf(i: PochtaContainerInput): Uint8Array {
  const doc = new PdfDoc()
  const catalog = doc.alloc()
  const info = doc.alloc()
  const pages = doc.alloc()
  const resources = doc.alloc()
  const page = doc.alloc()
  const contents = doc.alloc()
  const f1 = doc.alloc()
  const f2 = doc.alloc()
  const f3 = doc.alloc()
  doc.set(
    page,
    `<< /Type /Page /Parent ${ref(pages)} /Resources ${ref(resources)} /Contents ${ref(contents)} /MediaBox[ 0 0 ${i.width} ${i.height} ] /CropBox[ 0 0 ${i.width} ${i.height} ] /Rotate 0 >>`,
  )
  doc.set(contents, '<< /Length {LEN} /Filter /FlateDecode >>', flate(`${i.ops.join('\r\n')}\r\n`))
  doc.set(catalog, `<< /Type /Catalog /Pages ${ref(pages)} >>`)
  doc.set(info, '<< /Type /Info /Producer (Oracle BI Publisher 10.1.3.4.2) >>')
  doc.set(pages, `<< /Type /Pages /Kids [ ${ref(page)} ] /Count 1 >>`)
  doc.set(resources, `<< /ProcSet [ /PDF /Text ] /Font << /F1 ${ref(f1)} /F2 ${ref(f2)} /F3 ${ref(f3)} >> >>`)
  doc.set(f1, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  doc.set(f2, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
  const tag = i.rng.chars(6, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
  embedCidFont(doc, i.albany, { writer: 'bip', tag, type0: f3, toUnicode: true })
  const id = hex(i.rng.bytes(16))
  return doc.serialize({
    header: '%PDF-1.4\r\n',
    eol: '\r\n',
    trailer: `<<\r\n/Size {SIZE}\r\n/Root ${ref(catalog)}\r\n/Info ${ref(info)}\r\n/ID [<${id}><${id}>]\r\n>>`,
  })
}
