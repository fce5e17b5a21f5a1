import { domesticBanks } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import { embedCidFont } from '../../font/embed-font'
import { FontUse } from '../../font/font-use'
import { major, rubSign } from '../../format/money'
import { dmy, floorMinute, hm, isoUtc, msk, p2, pdfDate, utc } from '../../format/time'
import { once } from '../../pdf/memo'
import { ref } from '../../pdf/pdf-dict'
import { flate, PdfDoc } from '../../pdf/pdf-doc'
import { Raster } from '../../pdf/raster'
import {
  type BuildContext,
  type BuiltReceipt,
  downloadDelayOf,
  emptyFields,
  type FamilyDefinition,
  holdOf,
} from '../family-types'
import { phoneSpaced, scenario } from '../scenario'
import { SkiaPage } from './ozon-render'

/** Ozon Bank (headless Chromium, Skia/PDF m105): tagged, per-glyph text, no /ID, UTC dates. */
const W = 373.92
const H = 877.92
const INK = '0 0.10196 0.20392 rg'
const GREY = '0.67451 0.67451 0.67451 rg'
const BLUE = '0 0.35686 1'
/** Skia's structure tree makes ~85 objects for this page; the padding Divs keep that shape. */
const OBJECTS = 85

export const ozon: FamilyDefinition = {
  bank: 'ozon',
  variants: ['sbp_outgoing'],
  build(ctx: BuildContext): BuiltReceipt {
    const { rng, overrides: o } = ctx
    const s = scenario(
      ctx,
      domesticBanks.filter((b) => b.id !== 'ozonbank'),
    )
    // The id's time is ~33 s into the printed minute; the page is printed to PDF ~5 s later. A held transfer
    // prints the minute of its later execution (the id keeps its own); a late download is printed then.
    const idAt = o.paidAt ? s.at : floorMinute(s.at) + rng.int(28, 38) * 1000
    const executedAt = idAt + holdOf(ctx)
    const minute = floorMinute(executedAt)
    const created = executedAt + rng.int(4, 6) * 1000 + downloadDelayOf(ctx)
    const id = o.sbpId ?? sbpId(idAt, rng)
    const name = (p: typeof s.sender): string => `${p.first} ${p.patronymic} ${p.initial}.`
    const recipient = o.recipientName ?? name(s.recipient)
    const sender = o.senderName ?? name(s.sender)
    const phone = phoneSpaced(s.phone)
    const amount = rubSign(s.kopecks)
    const t = msk(minute)
    const rows: Array<[string, string]> = [
      ['Статус', 'Успешно'],
      ['Счёт списания', 'Основной счёт'],
      ['Сумма', amount],
      ['Комиссия', 'Без комиссии'],
      ['Получатель', recipient],
      ['Телефон получателя', phone],
      ['Банк получателя', s.bank.name],
      ['Отправитель', sender],
      ['ID операции', id],
    ]
    const regular = new FontUse('LiberationSansNarrow-Regular', 'GTEestiProDisplay-Regular', 'original')
    const bold = new FontUse('LiberationSans-Bold', 'GTEestiProDisplay-Bold', 'original')
    const page = new SkiaPage(W, H)
    page.image('Im0', 23.9, 24, 33.6, 59.7)
    page.text(regular, 'F1', 'Перевод', 23.9, 110, 13.95, GREY)
    page.right(regular, 'F1', `${dmy(t)} ${hm(t)}`, 349.8, 110, 13.95, GREY)
    page.text(bold, 'F2', 'Итого', 23.9, 145, 23.9, INK)
    page.right(bold, 'F2', amount, 349.8, 145, 23.9, INK)
    rows.forEach(([label, value], i) => {
      const y = 208.8 + 33.9 * i
      page.text(regular, 'F1', label, 23.9, y, 13.95, INK)
      page.right(regular, 'F1', value, 349.8, y, 13.95, INK)
    })
    page.centre(regular, 'F1', 'По вопросам зачисления обращайтесь к получателю', 537, 11.96, GREY)
    page.centre(regular, 'F1', 'Служба поддержки Ozon Банка: 8 (800) 555-89-82', 561, 11.96, GREY)
    // The round stamp; its details are fake placeholders, drawn glyph by glyph along the ring.
    const [cx, cy] = [W / 2, 690]
    page.circle(cx, cy, 78, 2, BLUE)
    page.circle(cx, cy, 56, 1, BLUE)
    const stampInk = `${BLUE} rg`
    page.arc(bold, 'F2', 'ООО «ОЗОН БАНК» • ИНН 7700000000 • БИК 044500000 •', cx, cy, 62, -2.6, 9, stampInk)
    page.arc(regular, 'F1', 'К/С 30101810000000000000', cx, cy, 42, -1.4, 7, stampInk)
    page.centre(bold, 'F2', 'ДЛЯ ДОКУМЕНТОВ', cy - 6, 8, stampInk)
    page.centre(
      regular,
      'F1',
      rng.pick(['Иванова Е. А.', 'Смирнов П. С.', 'Кузнецова О. В.']),
      cy + 6,
      7,
      stampInk,
    )

    const creationDate = pdfDate(utc(created), "+00'00'")
    const pdf = writeOzonPdf(page, regular, bold, creationDate)
    const fields = emptyFields()
    Object.assign(fields, {
      bank: s.bank.id,
      amount: major(s.kopecks),
      currency: 'RUB',
      type: 'client_transfer',
      status_ok: true,
      receipt_number: id,
      ...paidAtTruth(minute, 'minute', id),
      recipient_name: recipient,
      recipient_account: phone,
      sender_name: sender,
      commission: 0,
    })
    const local = msk(created - 1000)
    const stamp = `${local.year}${p2(local.month)}${p2(local.day)}${p2(local.hour)}${p2(local.minute)}${p2(local.second)}`
    return {
      pdf,
      fields,
      filename: `ozonbank_document_${stamp}.pdf`,
      printed: [['Перевод', `${dmy(t)} ${hm(t)}`], ['Итого', amount], ...rows],
      meta: {
        producer: 'Skia/PDF m105',
        creator: 'Chromium',
        pdfVersion: '1.4',
        creationDate,
        modDate: creationDate,
        idHalvesEqual: null,
        pageSize: [W, H],
        fonts: ['GTEestiProDisplay-Regular', 'GTEestiProDisplay-Bold'],
      },
    }
  },
}

/** The page's one image (with its soft mask) is the same in every receipt; built and compressed once. */
const ozonArt = once(() => ({
  alpha: flate(new Raster(590, 1048, 1, [0]).rect(40, 40, 510, 968, [255]).data),
  rgb: flate(new Raster(590, 1048, 3, [0, 91, 255]).rect(150, 300, 290, 448, [255, 255, 255]).data),
}))

function writeOzonPdf(page: SkiaPage, regular: FontUse, bold: FontUse, creationDate: string): Uint8Array {
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
