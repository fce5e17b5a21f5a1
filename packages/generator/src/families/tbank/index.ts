import { counterOf } from '../../behaviour/behaviour'
import { domesticBanks } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import { rubleAdvance1000 } from '../../font/embed-font'
import { cidLiteral, FontUse } from '../../font/font-use'
import { major, tbankNumber } from '../../format/money'
import { dmy, floorMinute, hm, hms, isoUtc, msk, pdfDate } from '../../format/time'
import { num } from '../../pdf/pdf-doc'
import {
  type BuildContext,
  type BuiltReceipt,
  downloadDelayOf,
  emptyFields,
  type FamilyDefinition,
  holdOf,
} from '../family-types'
import { JasperPage } from '../jasper-text'
import { phoneSpaced, scenario } from '../scenario'
import { writeTbankPdf } from './tbank-container'

/**
 * T-Bank (JasperReports 6.20 + OpenPDF): 270 × 519 pt, one Tj per line, the ₽ sign as a separate `(i)Tj` in an
 * ALSRubl font without ToUnicode. Rows at FAMILIES.md's yMin values, labels x=20, values right-aligned to 250.
 */
const W = 270
const H = 519
const ROWS = [134, 154, 174, 195, 215, 235, 255, 275, 295, 315]
const DARK = '0.2 0.2 0.2 rg'
const GREY = '0.56471 0.56471 0.56471 rg'

export const tbank: FamilyDefinition = {
  bank: 'tbank',
  variants: ['sbp'],
  build(ctx: BuildContext): BuiltReceipt {
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

    const regular = new FontUse('LiberationSansNarrow-Regular', 'TinkoffSans-Regular', 'original')
    const medium = new FontUse('LiberationSans-Bold', 'TinkoffSans-Medium', 'original')
    const rubleWidth = (size: number): number => (rubleAdvance1000() * size) / 1000
    const page = new JasperPage(H)
    page.anchor('F1', true)
    page.image('img1', 121, 28, 28, 28)
    page.line(regular, 'F1', date, 20, 79, 8, GREY)
    page.line(medium, 'F2', 'Итого', 19, 92, 16, DARK)
    // The total: Medium digits, then the ruble glyph in ALSRubl drawn fill+stroke (fake bold).
    const totalX = 250 - medium.width(number, 16) - rubleWidth(16)
    const yTotal = page.baseline(medium, 92, 16)
    page.ops.push('BT', `1 0 0 1 ${num(totalX, 2)} ${num(yTotal, 2)} Tm`, '/F2 16 Tf', DARK)
    page.ops.push(`${cidLiteral(medium.encode(number))}Tj`, '0 g', '/F3 16 Tf', '2 Tr', '0.53333 w')
    page.ops.push('0.2 0.2 0.2 RG', DARK, '(i)Tj', '0 g', '0 Tr', '0 G', '1 w', 'ET', '1 0 0 1 0 0 cm')
    page.ops.push(
      '1 w',
      '0 J',
      '1 0.86667 0.17647 RG',
      '[] 0 d',
      `19 ${H - 121.5} m`,
      `249 ${H - 121.5} l`,
      'S',
    )
    const rows: Array<[string, string]> = [
      ['Перевод', 'По номеру телефона'],
      ['Статус', 'Успешно'],
      ['Сумма', `${number}₽`],
      ['Комиссия', 'Без комиссии'],
      ['Отправитель', sender],
      ['Телефон получателя', phone],
      ['Получатель', recipient],
      ['Банк получателя', s.bank.name],
      ['Счет списания', account],
    ]
    rows.forEach(([label, value], i) => {
      const y = ROWS[i]!
      page.line(regular, 'F1', label, 20, y, 9, DARK)
      if (label !== 'Сумма') {
        page.right(regular, 'F1', value, 250, y, 9, DARK)
        return
      }
      const x = 250 - regular.width(number, 9) - rubleWidth(9)
      page.ops.push('BT', `1 0 0 1 ${num(x, 2)} ${num(page.baseline(regular, y, 9), 2)} Tm`, '/F1 9 Tf', DARK)
      page.ops.push(
        `${cidLiteral(regular.encode(number))}Tj`,
        '/F3 9 Tf',
        '(i)Tj',
        '0 g',
        'ET',
        '1 0 0 1 0 0 cm',
      )
    })
    // The SBP id: label and value both wrap (27 + 5 characters).
    page.line(regular, 'F1', 'Идентификатор операции', 20, 315, 9, DARK)
    page.right(regular, 'F1', id.slice(0, 27), 250, 315, 9, DARK)
    page.line(regular, 'F1', 'СБП', 20, 326, 9, DARK)
    page.right(regular, 'F1', id.slice(27), 250, 326, 9, DARK)
    page.image('img3', 66, 352, 175, 63.23)
    // a thin grey rule between the stamp and the receipt number
    page.ops.push('0.89804 0.89804 0.89804 RG', '20 80.5 m', '250 80.5 l', 'S')
    page.line(regular, 'F1', `Квитанция № ${receiptNo}`, 20, 452, 9, DARK)
    page.line(regular, 'F1', 'По вопросам зачисления обращайтесь к получателю', 20, 469, 9, GREY)
    page.line(regular, 'F1', 'Служба поддержки fb@tbank.ru', 20, 486, 9, GREY)

    const creationDate = pdfDate(msk(created), "+03'00'")
    // The number that ends Keywords is 10893 on fresh downloads; its length varies in the wild (3–5 digits seen).
    const counter = b.counterDigits === undefined ? '10893' : counterOf(ctx.behaviourRng, b.counterDigits)
    const keywords = `${dmy(msk(created))} ${hms(msk(created))} | ${[...rng.bytes(16)].map((x) => x.toString(16).padStart(2, '0')).join('')} | ${counter}`
    const pdf = writeTbankPdf({
      content: page.content,
      regular,
      medium,
      rng: rng.fork('tbank-file'),
      creationDate,
      keywords,
      linkX: 20 + regular.width('Служба поддержки ', 9),
      linkWidth: regular.width('fb@tbank.ru', 9),
    })
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
      printed: [
        ['date', date],
        ['Итого', `${number}₽`],
        ...rows,
        ['Идентификатор операции СБП', id],
        ['Квитанция №', receiptNo],
      ],
      meta: {
        producer: 'OpenPDF 1.3.30.jaspersoft.2',
        creator: 'JasperReports Library version 6.20.3-415f9428cffdb6805c6f85bbb29ebaf18813a2ab',
        pdfVersion: '1.5',
        creationDate,
        modDate: creationDate,
        idHalvesEqual: false,
        pageSize: [W, H],
        fonts: ['TinkoffSans-Regular', 'TinkoffSans-Medium', 'ALSRubl'],
      },
    }
  },
}
