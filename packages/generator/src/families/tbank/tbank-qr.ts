import { merchants } from '../../data/merchants'
import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import { major, tbankNumber } from '../../format/money'
import { dmy, hms, msk } from '../../format/time'
import { type BuildContext, type BuiltReceipt, downloadDelayOf, emptyFields, holdOf } from '../family-types'
import { scenario } from '../scenario'
import { tbankMeta } from './tbank-drawing'
import { type TbankPrint, tbankPrinted, writeTbankReceipt } from './tbank-receipt'

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

  const print: TbankPrint = {
    height: H,
    rowsY: ROWS,
    idY: 255,
    date,
    number,
    rows: [
      ['Покупка', 'По QR-коду'],
      ['Статус', 'Успешно'],
      ['Сумма', `${number}₽`],
      ['Магазин', merchant.shop],
      ['Счет списания', account],
      ['Наименование ЮЛ или ИП', legal],
    ],
    id,
    receiptNo,
  }
  const { pdf, creationDate } = writeTbankReceipt(print, rng, created)
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
    printed: tbankPrinted(print),
    meta: tbankMeta(creationDate, H),
  }
}
