import { embedCidFont, embedRubleFont } from '../../font/embed-font'
import type { FontUse } from '../../font/font-use'
import { once } from '../../pdf/memo'
import { ref } from '../../pdf/pdf-dict'
import { flate, num, PdfDoc } from '../../pdf/pdf-doc'
import { type PackedImage, pack, Raster } from '../../pdf/raster'
import type { Rng } from '../../random/rng'
import { jasperCatalog, serializeJasper } from '../jasper-file'

export interface TbankContainerInput {
  content: string
  regular: FontUse
  medium: FontUse
  rng: Rng
  creationDate: string
  keywords: string
  linkX: number
  linkWidth: number
  /** Page height (pt): 519 for an SBP transfer; it follows the rows (a QR purchase: 459). */
  height?: number
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** Logo and stamp with soft masks, the same in every receipt; built and compressed once. */
const tbankImages = once(() => {
  const yellow = [255, 221, 45]
  const dark = [51, 51, 51]
  const stampAlpha = new Raster(977, 353, 1, [0]).frame(6, 6, 965, 341, 10, [255])
  for (let k = 0; k < 4; k++) stampAlpha.rect(60, 60 + k * 60, 500 + ((k * 131) % 300), 22, [230])
  return {
    logoMask: pack(new Raster(634, 634, 1, [0]).ring(317, 317, 300, 0, [255]), flate),
    logo: pack(
      new Raster(634, 634, 3, yellow).rect(200, 180, 234, 60, dark).rect(287, 180, 60, 280, dark),
      flate,
    ),
    stampMask: pack(stampAlpha, flate),
    stamp: pack(new Raster(977, 353, 3, [40, 80, 170]), flate),
  }
})

/** OpenPDF's object layout for a Jasper report: 28 objects, images with soft masks, a mailto link, named dests. */
export function writeTbankPdf(i: TbankContainerInput): Uint8Array {
  const doc = new PdfDoc()
  const page = doc.alloc()
  const f1 = doc.alloc()
  const logoMask = doc.alloc()
  const logo = doc.alloc()
  const f2 = doc.alloc()
  const f3 = doc.alloc()
  const gs1 = doc.alloc()
  const gs2 = doc.alloc()
  const stampMask = doc.alloc()
  const stamp = doc.alloc()
  const link = doc.alloc()
  const contents = doc.alloc()
  const pages = doc.alloc()
  const dest = doc.alloc()
  const image = (n: number, r: PackedImage, mask?: number): void => {
    const cs = r.channels === 1 ? '/DeviceGray' : '/DeviceRGB'
    const smask = mask ? `/SMask ${ref(mask)}` : ''
    doc.set(
      n,
      `<</ColorSpace${cs}/Subtype/Image/Height ${r.height}/Filter/FlateDecode/Type/XObject/Width ${r.width}${smask}/Length {LEN}/BitsPerComponent 8>>`,
      r.bytes,
    )
  }
  const images = tbankImages()
  image(logoMask, images.logoMask)
  image(logo, images.logo, logoMask)
  image(stampMask, images.stampMask)
  image(stamp, images.stamp, stampMask)
  doc.set(gs1, '<</ca 0>>')
  doc.set(gs2, '<</ca 1>>')
  doc.set(
    link,
    `<</A<</S/URI/URI(mailto:fb@tbank.ru)>>/Subtype/Link/C[0 0 1]/Border[0 0 0]/Rect[${num(i.linkX, 2)} 24.82 ${num(i.linkX + i.linkWidth, 2)} 33.82]>>`,
  )
  doc.set(contents, '<</Filter/FlateDecode/Length {LEN}>>', flate(i.content))
  doc.set(
    page,
    `<</Tabs/S/Group<</S/Transparency/Type/Group/CS/DeviceRGB>>/Contents ${ref(contents)}/Type/Page/Resources<</ColorSpace<</CS/DeviceRGB>>/ExtGState<</GS1 ${ref(gs1)}/GS2 ${ref(gs2)}>>/Font<</F1 ${ref(f1)}/F2 ${ref(f2)}/F3 ${ref(f3)}>>/XObject<</img3 ${ref(stamp)}/img2 ${ref(stampMask)}/img1 ${ref(logo)}/img0 ${ref(logoMask)}>>>>/Annots[${ref(link)}]/Parent ${ref(pages)}/MediaBox[0 0 270 ${i.height ?? 519}]>>`,
  )
  doc.set(dest, `[${ref(page)}/XYZ 0 ${(i.height ?? 519) + 10} 0]`)
  embedCidFont(doc, i.regular, {
    writer: 'openpdf',
    tag: i.rng.chars(6, letters),
    type0: f1,
    toUnicode: true,
  })
  embedCidFont(doc, i.medium, { writer: 'openpdf', tag: i.rng.chars(6, letters), type0: f2, toUnicode: true })
  embedRubleFont(doc, f3, i.rng.chars(6, letters))
  doc.set(pages, `<</Kids[${ref(page)}]/Type/Pages/Count 1>>`)
  const catalog = jasperCatalog(doc, pages, dest)
  const info = doc.alloc()
  doc.set(
    info,
    `<</Keywords(${i.keywords})/ModDate(${i.creationDate})/Creator(JasperReports Library version 6.20.3-415f9428cffdb6805c6f85bbb29ebaf18813a2ab)/CreationDate(${i.creationDate})/Producer(OpenPDF 1.3.30.jaspersoft.2)/Subject("/reports/IB/Receipt")>>`,
  )
  return serializeJasper(doc, { version: '1.5', rng: i.rng, info, catalog })
}
