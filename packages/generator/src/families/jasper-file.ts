import { ref } from '../pdf/pdf-dict'
import { hex, type PdfDoc } from '../pdf/pdf-doc'
import type { Rng } from '../random/rng'

/**
 * What every JasperReports export writes after its page, whichever library (OpenPDF, iText) serialises it: the
 * page anchor as a named destination, the catalog that names it, and a trailer whose /ID has two different
 * halves (the first hashes the content, the second is random).
 */
export function jasperCatalog(doc: PdfDoc, pages: number, dest: number): number {
  const names = doc.alloc()
  const dests = doc.alloc()
  const catalog = doc.alloc()
  doc.set(names, `<</Names[(JR_PAGE_ANCHOR_0_1) ${ref(dest)}]>>`)
  doc.set(dests, `<</Dests ${ref(names)}>>`)
  doc.set(
    catalog,
    `<</Names ${ref(dests)}/Type/Catalog/Pages ${ref(pages)}/ViewerPreferences<</PrintScaling/AppDefault>>>>`,
  )
  return catalog
}

export function serializeJasper(
  doc: PdfDoc,
  o: { version: string; rng: Rng; info: number; catalog: number },
): Uint8Array {
  const id1 = hex(o.rng.bytes(16))
  const id2 = hex(o.rng.bytes(16))
  return doc.serialize({
    header: `%PDF-${o.version}\n%\xe2\xe3\xcf\xd3\n`,
    eol: '\n',
    trailer: `<</Info ${ref(o.info)}/ID [<${id1}><${id2}>]/Root ${ref(o.catalog)}/Size {SIZE}>>`,
  })
}
