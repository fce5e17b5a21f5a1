import jpeg from 'jpeg-js'
import { embedCidFont } from '../../font/embed-font'
import type { FontUse } from '../../font/font-use'
import { srgbProfile } from '../../pdf/icc-profile'
import { once } from '../../pdf/memo'
import { ref } from '../../pdf/pdf-dict'
import { flate, hex, PdfDoc } from '../../pdf/pdf-doc'
import { Raster } from '../../pdf/raster'
import { Rng } from '../../random/rng'
import { serializeJasper } from '../jasper-file'

export interface GpbContainerInput {
  content: string
  /** MicrosoftSansSerif (no ToUnicode), Times Bold, Calibri, Arial Narrow — resources F1..F4 */
  fonts: FontUse[]
  rng: Rng
  creationDate: string
  createdIso: string
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

function xmp(createdIso: string): string {
  const body =
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<x:xmpmeta xmlns:x="adobe:ns:meta/">\n` +
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n` +
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<dc:format>application/pdf</dc:format>\n</rdf:Description>\n` +
    `<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">\n<pdf:Producer>iText 2.1.7 by 1T3XT</pdf:Producer>\n</rdf:Description>\n` +
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">\n<xmp:CreateDate>${createdIso}</xmp:CreateDate>\n` +
    `<xmp:ModifyDate>${createdIso}</xmp:ModifyDate>\n<xmp:CreatorTool>JasperReports Library version 6.18.1-9d75d1969e774d4f179fb3be8401e98a0e6d1611</xmp:CreatorTool>\n</rdf:Description>\n` +
    `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">\n<pdfaid:part>1</pdfaid:part>\n<pdfaid:conformance>A</pdfaid:conformance>\n</rdf:Description>\n` +
    `</rdf:RDF>\n</x:xmpmeta>\n`
  const padding = `${' '.repeat(100)}\n`.repeat(20)
  // UTF-8 bytes as Latin-1 text so the writer copies them unchanged.
  const utf8 = new TextEncoder().encode(`${body}${padding}<?xpacket end="w"?>`)
  return String.fromCharCode(...utf8)
}

function logoJpeg(rng: Rng): Uint8Array {
  const r = new Raster(530, 115, 3, [255, 255, 255])
    .rect(0, 20, 90, 75, [0, 72, 153])
    .rect(110, 40, 380, 30, [0, 72, 153])
    .speckle(rng, 0.5, 10)
  const rgba = new Uint8Array(530 * 115 * 4)
  for (let i = 0; i < 530 * 115; i++) rgba.set([...r.data.subarray(i * 3, i * 3 + 3), 255], i * 4)
  return new Uint8Array(jpeg.encode({ data: rgba, width: 530, height: 115 }, 80).data)
}

/** The logo, stamp and colour profile are the same in every receipt; built and compressed once. */
const gpbArt = once(() => {
  // The stamp as an indexed image: a palette ramp from paper white (0) to stamp blue (255), so scan speckle on
  // the background reads as a faint tint.
  const palette = new Uint8Array(256 * 3)
  for (let k = 0; k < 256; k++)
    palette.set([255 - Math.round(k * 0.7), 255 - Math.round(k * 0.6), 255 - (k >> 6)], k * 3)
  const px = new Raster(686, 269, 1, [0]).frame(8, 8, 670, 253, 8, [240]).frame(26, 26, 634, 217, 3, [230])
  for (let k = 0; k < 4; k++) px.rect(60, 60 + k * 45, 420 + ((k * 71) % 160), 16, [235])
  px.speckle(new Rng('gpb-stamp'), 0.7, 40)
  return {
    icc: flate(srgbProfile()),
    logo: logoJpeg(new Rng('gpb-logo')),
    palette: hex(palette),
    stamp: flate(px.data),
  }
})

/** iText 2.1.7's object layout for a Jasper PDF/A-1 export: 35 objects, an OutputIntent, XMP, a JPEG logo. */
export function writeGpbPdf(i: GpbContainerInput): Uint8Array {
  const doc = new PdfDoc()
  const icc = doc.alloc()
  const page = doc.alloc()
  const f1 = doc.alloc()
  const logo = doc.alloc()
  const f2 = doc.alloc()
  const f3 = doc.alloc()
  const stamp = doc.alloc()
  const f4 = doc.alloc()
  const contents = doc.alloc()
  const pages = doc.alloc()
  const dest = doc.alloc()
  const art = gpbArt()
  doc.set(icc, '<</Filter/FlateDecode/Length {LEN}/N 3>>', art.icc)
  doc.set(
    logo,
    '<</ColorSpace/DeviceRGB/Subtype/Image/Height 115/Filter/DCTDecode/Type/XObject/Width 530/BitsPerComponent 8/Length {LEN}>>',
    art.logo,
  )
  doc.set(
    stamp,
    `<</ColorSpace[/Indexed/DeviceRGB 255<${art.palette}>]/Subtype/Image/Height 269/Filter/FlateDecode/Type/XObject/Width 686/BitsPerComponent 8/Length {LEN}>>`,
    art.stamp,
  )
  doc.set(contents, '<</Filter/FlateDecode/Length {LEN}>>', flate(i.content))
  doc.set(
    page,
    `<</Tabs/S/Contents ${ref(contents)}/Type/Page/Resources<</ProcSet [/PDF /Text /ImageB /ImageC /ImageI]/Font<</F1 ${ref(f1)}/F2 ${ref(f2)}/F3 ${ref(f3)}/F4 ${ref(f4)}>>/XObject<</img1 ${ref(stamp)}/img0 ${ref(logo)}>>>>/Parent ${ref(pages)}/MediaBox[0 0 283 588]/TrimBox[0 0 283 588]>>`,
  )
  doc.set(dest, `[${ref(page)}/XYZ 0 598 0]`)
  const [sans, times, calibri, narrow] = i.fonts
  embedCidFont(doc, sans!, {
    writer: 'itext',
    tag: i.rng.chars(6, letters),
    type0: f1,
    toUnicode: false,
    rawCidSet: true,
  })
  embedCidFont(doc, times!, { writer: 'itext', tag: i.rng.chars(6, letters), type0: f2, toUnicode: true })
  embedCidFont(doc, calibri!, { writer: 'itext', tag: i.rng.chars(6, letters), type0: f3, toUnicode: true })
  embedCidFont(doc, narrow!, { writer: 'itext', tag: i.rng.chars(6, letters), type0: f4, toUnicode: true })
  doc.set(pages, `<</Kids[${ref(page)}]/Type/Pages/Count 1/ITXT(2.1.7)>>`)
  const names = doc.alloc()
  const dests = doc.alloc()
  const metadata = doc.alloc()
  const catalog = doc.alloc()
  const info = doc.alloc()
  doc.set(names, `<</Names[(JR_PAGE_ANCHOR_0_1) ${ref(dest)}]>>`)
  doc.set(dests, `<</Dests ${ref(names)}>>`)
  const xml = xmp(i.createdIso)
  doc.set(
    metadata,
    '<</Subtype/XML/Type/Metadata/Length {LEN}>>',
    Uint8Array.from(xml, (c) => c.charCodeAt(0)),
  )
  doc.set(
    catalog,
    `<</OutputIntents[<</Info(sRGB IEC61966-2.1)/S/GTS_PDFA1/Type/OutputIntent/OutputConditionIdentifier(sRGB IEC61966-2.1)/DestOutputProfile ${ref(icc)}>>]/Names ${ref(dests)}/Metadata ${ref(metadata)}/Type/Catalog/Pages ${ref(pages)}/ViewerPreferences<</PrintScaling/AppDefault>>>>`,
  )
  doc.set(
    info,
    `<</ModDate (${i.creationDate})/Creator(JasperReports Library version 6.18.1-9d75d1969e774d4f179fb3be8401e98a0e6d1611)/CreationDate (${i.creationDate})/Producer(iText 2.1.7 by 1T3XT)>>`,
  )
  return serializeJasper(doc, { version: '1.4', rng: i.rng, info, catalog })
}
