import { embedCidFont } from '../../font/embed-font'
import type { FontUse } from '../../font/font-use'
import { ref } from '../../pdf/pdf-dict'
import { flate, PdfDoc } from '../../pdf/pdf-doc'
import type { Rng } from '../../random/rng'
import { jasperCatalog, serializeJasper } from '../jasper-file'

export interface SberContainerInput {
  content: string
  /** ArialMT, the only font (resource F1). */
  font: FontUse
  rng: Rng
  creationDate: string
  width: number
  height: number
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * iText 2.1.7's object layout for a Jasper export (FAMILIES.md, Sberbank): PDF 1.5, one CID TrueType font with
 * ToUnicode, Info with Creator, Producer and CreationDate = ModDate only, /ID with two different halves, one
 * revision. No PDF/A parts (those are Gazprombank's export setting), no images FAMILIES.md would name.
 */
export function writeSberPdf(i: SberContainerInput): Uint8Array {
  const doc = new PdfDoc()
  const page = doc.alloc()
  const f1 = doc.alloc()
  const contents = doc.alloc()
  const pages = doc.alloc()
  const dest = doc.alloc()
  doc.set(contents, '<</Filter/FlateDecode/Length {LEN}>>', flate(i.content))
  doc.set(
    page,
    `<</Contents ${ref(contents)}/Type/Page/Resources<</ProcSet [/PDF /Text /ImageB /ImageC /ImageI]/Font<</F1 ${ref(f1)}>>>>/Parent ${ref(pages)}/MediaBox[0 0 ${i.width} ${i.height}]>>`,
  )
  doc.set(dest, `[${ref(page)}/XYZ 0 ${i.height + 10} 0]`)
  embedCidFont(doc, i.font, { writer: 'itext', tag: i.rng.chars(6, letters), type0: f1, toUnicode: true })
  doc.set(pages, `<</Kids[${ref(page)}]/Type/Pages/Count 1/ITXT(2.1.7)>>`)
  const catalog = jasperCatalog(doc, pages, dest)
  const info = doc.alloc()
  doc.set(
    info,
    `<</ModDate(${i.creationDate})/Creator(JasperReports Library version 6.18.1-9d75d1969e774d4f179fb3be8401e98a0e6d1611)/CreationDate(${i.creationDate})/Producer(iText 2.1.7 by 1T3XT)>>`,
  )
  return serializeJasper(doc, { version: '1.5', rng: i.rng, info, catalog })
}
