/** Ozon Bank's file as Skia/PDF m105 writes it: tagged (a structure tree padded with Divs), no /ID, one image. */
import { embedCidFont } from '../../font/embed-font'
import type { FontUse } from '../../font/font-use'
import { once } from '../../pdf/memo'
import { ref } from '../../pdf/pdf-dict'
import { flate, PdfDoc } from '../../pdf/pdf-doc'
import { Raster } from '../../pdf/raster'
import type { SkiaPage } from './ozon-render'

export const OZON_WIDTH = 373.92
export const OZON_HEIGHT = 877.92
const W = OZON_WIDTH
const H = OZON_HEIGHT
/** Skia's structure tree makes ~85 objects for this page; the padding Divs keep that shape. */
const OBJECTS = 85

/** The page's one image (with its soft mask) is the same in every receipt; built and compressed once. */
const ozonArt = once(() => ({
  alpha: flate(new Raster(590, 1048, 1, [0]).rect(40, 40, 510, 968, [255]).data),
  rgb: flate(new Raster(590, 1048, 3, [0, 91, 255]).rect(150, 300, 290, 448, [255, 255, 255]).data),
}))

export function writeOzonPdf(
  page: SkiaPage,
  regular: FontUse,
  bold: FontUse,
  creationDate: string,
): Uint8Array {
  const doc = new PdfDoc()
  const catalog = doc.alloc()
  const pages = doc.alloc()
  const pageObj = doc.alloc()
  const info = doc.alloc()
  const contents = doc.alloc()
  const f1 = doc.alloc()
  const f2 = doc.alloc()
  const image = doc.alloc()
  const mask = doc.alloc()
  const structRoot = doc.alloc()
  const parentTree = doc.alloc()
  const document = doc.alloc()
  embedCidFont(doc, regular, { writer: 'skia', tag: 'AAAAAA', type0: f1, toUnicode: true })
  embedCidFont(doc, bold, { writer: 'skia', tag: 'BAAAAA', type0: f2, toUnicode: true })
  const paragraphs = page.mcids.map(() => doc.alloc())
  const padding = Math.max(0, OBJECTS - (doc.size - 1) - 0)
  const divs = Array.from({ length: padding }, () => doc.alloc())
  // Each paragraph hangs under its own Div while Divs last; the rest hang under the Document.
  const parentOf = (i: number): number => divs[i] ?? document
  paragraphs.forEach((p, i) => {
    doc.set(p, `<</Type /StructElem\n/S /P\n/P ${ref(parentOf(i))}\n/K [${i}]\n/Pg ${ref(pageObj)}>>`)
  })
  const docKids = [...divs.slice(0, paragraphs.length).map(ref), ...paragraphs.slice(divs.length).map(ref)]
  divs.forEach((d, i) => {
    const kid = i < paragraphs.length ? ref(paragraphs[i]!) : ''
    doc.set(d, `<</Type /StructElem\n/S /Div\n/P ${ref(document)}\n/K [${kid}]>>`)
    if (i >= paragraphs.length) docKids.push(ref(d))
  })
  doc.set(document, `<</Type /StructElem\n/S /Document\n/P ${ref(structRoot)}\n/K [${docKids.join(' ')}]>>`)
  doc.set(parentTree, `<</Nums [0 [${paragraphs.map(ref).join(' ')}]]>>`)
  doc.set(
    structRoot,
    `<</Type /StructTreeRoot\n/K ${ref(document)}\n/ParentTree ${ref(parentTree)}\n/ParentTreeNextKey 1>>`,
  )
  doc.set(
    catalog,
    `<</Type /Catalog\n/Pages ${ref(pages)}\n/MarkInfo <</Type /MarkInfo\n/Marked true>>\n/StructTreeRoot ${ref(structRoot)}>>`,
  )
  doc.set(pages, `<</Type /Pages\n/Count 1\n/Kids [${ref(pageObj)}]>>`)
  doc.set(
    pageObj,
    `<</Type /Page\n/Resources <</ProcSet [/PDF /Text /ImageB /ImageC /ImageI]\n/Font <</F1 ${ref(f1)}\n/F2 ${ref(f2)}>>\n/XObject <</Im0 ${ref(image)}>>>>\n/MediaBox [0 0 ${W} ${H}]\n/Contents ${ref(contents)}\n/StructParents 0\n/Tabs /S\n/Parent ${ref(pages)}>>`,
  )
  doc.set(
    info,
    `<</Creator (Chromium)\n/Producer (Skia/PDF m105)\n/CreationDate (${creationDate})\n/ModDate (${creationDate})>>`,
  )
  doc.set(contents, '<</Filter /FlateDecode\n/Length {LEN}>>', flate(page.content))
  const art = ozonArt()
  doc.set(
    image,
    `<</Type /XObject\n/Subtype /Image\n/Width 590\n/Height 1048\n/ColorSpace /DeviceRGB\n/SMask ${ref(mask)}\n/BitsPerComponent 8\n/Filter /FlateDecode\n/Length {LEN}>>`,
    art.rgb,
  )
  doc.set(
    mask,
    '<</Type /XObject\n/Subtype /Image\n/Width 590\n/Height 1048\n/ColorSpace /DeviceGray\n/BitsPerComponent 8\n/Filter /FlateDecode\n/Length {LEN}>>',
    art.alpha,
  )
  return doc.serialize({
    header: '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n',
    eol: '\n',
    trailer: `<</Size {SIZE}\n/Root ${ref(catalog)}\n/Info ${ref(info)}>>`,
  })
}
