import { counterOf } from '../../behaviour/behaviour'
import { domesticBanks } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import { major, tbankNumber } from '../../format/money'
import { dmy, floorMinute, hm, hms, msk } from '../../format/time'
import {
  type BuildContext,
  type BuiltReceipt,
  downloadDelayOf,
  emptyFields,
  type FamilyDefinition,
  holdOf,
} from '../family-types'
import { phoneSpaced, scenario } from '../scenario'
import { tbankMeta } from './tbank-drawing'
import { buildTbankQr } from './tbank-qr'
import { type TbankPrint, tbankPrinted, writeTbankReceipt } from './tbank-receipt'

/**
 * T-Bank (JasperReports 6.20 + OpenPDF): 270 × 519 pt, one Tj per line, the ₽ sign as a separate `(i)Tj` in an
 * ALSRubl font without ToUnicode. Rows at FAMILIES.md's yMin values, labels x=20, values right-aligned to 250.
 */
const H = 519
const ROWS = [134, 154, 174, 195, 215, 235, 255, 275, 295]

export const tbank: FamilyDefinition = {
  bank: 'tbank',
  variants: ['sbp', 'qr_purchase'],
  build(ctx: BuildContext): BuiltReceipt {
    if (ctx.variant === 'qr_purchase') return buildTbankQr(ctx)
    const { rng, overrides: o } = ctx
    const s = scenario(
      ctx,
      domesticBanks.filter((b) => b.id !== 'tbank'),
    )
    // The receipt prints the bank's time; the id's NSPK time is 1 s later (FAMILIES.md: printed − id = −1 s).
    // The PDF is rendered 7–10 s after the printed time. A held transfer prints its later execution (the id
    // keeps the initiation); a late download is rendered, and stamped in Keywords, when the payer downloads it.
    const b = ctx.behaviour
    const printedAt = s.at + holdOf(ctx)
    const created = printedAt + rng.int(7, 10) * 1000 + downloadDelayOf(ctx)
    const id = o.sbpId ?? sbpId(s.at + 1000, rng)
    const receiptNo =
      o.operationNumber ?? `1-${rng.digits(3)}-${rng.digits(3)}-${rng.digits(3)}-${rng.digits(3)}`
    const sender = o.senderName ?? `${s.sender.first} ${s.sender.surname}`
    const recipient = o.recipientName ?? `${s.recipient.first} ${s.recipient.initial}.`
    const phone = phoneSpaced(s.phone)
    const account = `408178100000****${rng.digits(4)}`
    const number = tbankNumber(s.kopecks)
    // T-Bank sometimes prints the minute only (FAMILIES.md, "How receipts live in the wild", 3).
    const date = `${dmy(msk(printedAt))} ${(b.minutesOnly ? hm : hms)(msk(printedAt))}`

    const print: TbankPrint = {
      height: H,
      rowsY: ROWS,
      idY: 315,
      date,
      number,
      rows: [
        ['Перевод', 'По номеру телефона'],
        ['Статус', 'Успешно'],
        ['Сумма', `${number}₽`],
        ['Комиссия', 'Без комиссии'],
        ['Отправитель', sender],
        ['Телефон получателя', phone],
        ['Получатель', recipient],
        ['Банк получателя', s.bank.name],
        ['Счет списания', account],
      ],
      id,
      receiptNo,
    }
    // The number that ends Keywords is 10893 on fresh downloads; its length varies in the wild (3–5 digits seen).
    const counter = b.counterDigits === undefined ? '10893' : counterOf(ctx.behaviourRng, b.counterDigits)
    const { pdf, creationDate } = writeTbankReceipt(print, rng, created, counter)
    const fields = emptyFields()
    Object.assign(fields, {
      bank: s.bank.id,
      amount: major(s.kopecks),
      currency: 'RUB',
      type: 'client_transfer',
      status_ok: true,
      receipt_number: id,
      // The receipt prints seconds: the printed time is the value, which the id confirms.
      ...(b.minutesOnly
        ? paidAtTruth(floorMinute(printedAt), 'minute', id)
        : paidAtTruth(printedAt, 'second', id)),
      recipient_name: recipient,
      recipient_account: phone,
      payment_reference: receiptNo,
      sender_name: sender,
      commission: 0,
    })
    return {
      pdf,
      fields,
      // The bank's own download name is unknown (the corpus files were renamed); this mirrors the repository's.
      filename: `receipt_sbp_${rng.int(1, 99)}.pdf`,
      printed: tbankPrinted(print),
      meta: tbankMeta(creationDate, H),
    }
  },
}
