import { merchants } from '../../data/merchants'
import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import { FontUse } from '../../font/font-use'
import { major, tbankNumber } from '../../format/money'
import { dmy, hms, msk, pdfDate } from '../../format/time'
import { type BuildContext, type BuiltReceipt, downloadDelayOf, emptyFields, holdOf } from '../family-types'
import { JasperPage } from '../jasper-text'
import { scenario } from '../scenario'
import { writeTbankPdf } from './tbank-container'
import { DARK, drawAmountValue, drawSbpId, drawTotal, GREY, tbankKeywords, tbankMeta } from './tbank-drawing'

/**
 * T-Bank `Покупка` `По QR-коду` (FAMILIES.md, "How receipts live in the wild" 4): a purchase paid through a
 * shop's SBP QR code, by the same 6.20.3 + OpenPDF build as the transfers. 270 × 459 pt: three rows fewer than
 * an SBP transfer (no sender, recipient phone or bank), so everything below the rows sits 60 pt higher. The
 * recipient is the shop: `Магазин` (its name) and `Наименование ЮЛ или ИП` (the legal entity), no phone.
 */
const H = 459
const ROWS = [134, 154, 174, 195, 215, 235]

export function buildTbankQr(ctx: BuildContext): BuiltReceipt {
  const { rng, overrides: o } = ctx
  const s = scenario(ctx)
  // As on a transfer: the id 1 s after the printed time, the file 7–10 s after it; a held payment prints its
  // later execution (the id keeps the initiation), a late download is rendered when the payer downloads it.
  const printedAt = s.at + holdOf(ctx)
  const created = printedAt + rng.int(7, 10) * 1000 + downloadDelayOf(ctx)
  const id = o.sbpId ?? sbpId(s.at + 1000, rng)
  const receiptNo =
    o.operationNumber ?? `1-${rng.digits(3)}-${rng.digits(3)}-${rng.digits(3)}-${rng.digits(3)}`
  const merchant = rng.pick(merchants)
  const legal = o.recipientName ?? merchant.legal
  const account = `408178100000****${rng.digits(4)}`
  const number = tbankNumber(s.kopecks)
  const date = `${dmy(msk(printedAt))} ${hms(msk(printedAt))}`

  const regular = new FontUse('LiberationSansNarrow-Regular', 'TinkoffSans-Regular', 'original')
  const medium = new FontUse('LiberationSans-Bold', 'TinkoffSans-Medium', 'original')
  const page = new JasperPage(H)
  page.anchor('F1', true)
  page.image('img1', 121, 28, 28, 28)
  page.line(regular, 'F1', date, 20, 79, 8, GREY)
  drawTotal(page, medium, number, H)
  const rows: Array<[string, string]> = [
    ['Покупка', 'По QR-коду'],
    ['Статус', 'Успешно'],
    ['Сумма', `${number}₽`],
    ['Магазин', merchant.shop],
    ['Счет списания', account],
    ['Наименование ЮЛ или ИП', legal],
  ]
  rows.forEach(([label, value], i) => {
    const y = ROWS[i]!
    page.line(regular, 'F1', label, 20, y, 9, DARK)
    if (label === 'Сумма') drawAmountValue(page, regular, number, y)
    else page.right(regular, 'F1', value, 250, y, 9, DARK)
  })
  drawSbpId(page, regular, id, 255)
  page.image('img3', 66, 292, 175, 63.23)
  page.ops.push('0.89804 0.89804 0.89804 RG', '20 80.5 m', '250 80.5 l', 'S')
  page.line(regular, 'F1', `Квитанция № ${receiptNo}`, 20, 392, 9, DARK)
  page.line(regular, 'F1', 'По вопросам зачисления обращайтесь к получателю', 20, 409, 9, GREY)
  page.line(regular, 'F1', 'Служба поддержки fb@tbank.ru', 20, 426, 9, GREY)

  const creationDate = pdfDate(msk(created), "+03'00'")
  const hexId = [...rng.bytes(16)].map((b) => b.toString(16).padStart(2, '0')).join('')
  const pdf = writeTbankPdf({
    content: page.content,
    regular,
    medium,
    rng: rng.fork('tbank-file'),
    creationDate,
    keywords: tbankKeywords(`${dmy(msk(created))} ${hms(msk(created))}`, hexId),
    linkX: 20 + regular.width('Служба поддержки ', 9),
    linkWidth: regular.width('fb@tbank.ru', 9),
    height: H,
  })
  const fields = emptyFields()
  Object.assign(fields, {
    // The shop's bank is not printed.
    bank: null,
    amount: major(s.kopecks),
    currency: 'RUB',
    type: 'other',
    status_ok: true,
    receipt_number: id,
    ...paidAtTruth(printedAt, 'second', id),
    recipient_name: legal,
    payment_reference: receiptNo,
  })
  return {
    pdf,
    fields,
    filename: `receipt_qr_${rng.int(1, 99)}.pdf`,
    printed: [
      ['date', date],
      ['Итого', `${number}₽`],
      ...rows,
      ['Идентификатор операции СБП', id],
      ['Квитанция №', receiptNo],
    ],
    meta: tbankMeta(creationDate, H),
  }
}
