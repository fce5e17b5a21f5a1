import { monthsGenitive as genitiveMonths } from '@rv/core/vocabulary'
import { firstPatronymicInitial } from '../../data/people'
import { FontUse } from '../../font/font-use'
import { major, rubGpb } from '../../format/money'
import { hms, isoUtc, msk, pdfDate } from '../../format/time'
import {
  type BuildContext,
  type BuiltReceipt,
  downloadDelayOf,
  emptyFields,
  type FamilyDefinition,
} from '../family-types'
import { JasperPage } from '../jasper-text'
import { scenario } from '../scenario'
import { writeSberPdf } from './sberbank-container'

/**
 * Sberbank `Чек по операции`, `Перевод клиенту СберБанка` (FAMILIES.md, "How receipts live in the wild" 4;
 * there is no development file): JasperReports 6.18.1 + iText 2.1.7, PDF 1.5, 300 × 699 pt, one font ArialMT.
 * Text in FAMILIES.md's order: the title, the time in words, a rule of dashes, each label on its own line
 * with its value on the next, a rule, `Дополнительная информация` and a fixed paragraph. No SBP id. FAMILIES.md
 * gives no positions, sizes or paragraph text: those here are the generator's (labels grey 9 pt, values 11 pt,
 * x = 20), and the paragraph is a stand-in that names the bank.
 */
const W = 300
const H = 699
const X = 20
const GREY = '0.49804 0.49804 0.49804 rg'
const BLACK = '0 g'
const PARAGRAPH = [
  'Перевод выполнен ПАО Сбербанк. Деньги поступают',
  'на карту получателя сразу после списания. Чек',
  'сформирован в СберБанк Онлайн и действителен',
  'без подписи и печати. Вопросы по операции: 900.',
]

export const sberbank: FamilyDefinition = {
  bank: 'sberbank',
  variants: ['sber_client'],
  build(ctx: BuildContext): BuiltReceipt {
    const { rng, overrides: o } = ctx
    const s = scenario(ctx)
    const at = s.at
    // No SBP id: the printed time is the execution. A late download is rendered when the payer downloads it.
    const created = at + rng.int(5, 120) * 1000 + downloadDelayOf(ctx)
    const t = msk(at)
    const date = `${t.day} ${genitiveMonths[t.month - 1]} ${t.year} ${hms(t)} (МСК)`
    const recipient = o.recipientName ?? firstPatronymicInitial(s.recipient)
    const sender = o.senderName ?? firstPatronymicInitial(s.sender)
    const card = `**** ${rng.digits(4)}`
    const drawnAccount = `**** ${rng.digits(4)}`
    const account = o.senderAccount ?? drawnAccount
    const documentNo = o.operationNumber ?? `${rng.int(1, 9)}${rng.digits(12)}`
    const amount = rubGpb(s.kopecks).replace(' руб.', ' ₽')
    const pairs: Array<[string, string]> = [
      ['Операция', 'Перевод клиенту СберБанка'],
      ['ФИО получателя', recipient],
      ['Номер карты получателя', card],
      ['ФИО отправителя', sender],
      ['Счёт отправителя', account],
      ['Сумма перевода', amount],
      ['Комиссия', rubGpb(s.commissionKopecks).replace(' руб.', ' ₽')],
      ['Номер документа', documentNo],
      ['Код авторизации', rng.digits(6)],
    ]
    const { content, arial } = drawSberPage(date, pairs)
    const creationDate = pdfDate(msk(created), "+03'00'")
    const pdf = writeSberPdf({
      content,
      font: arial,
      rng: rng.fork('sber-file'),
      creationDate,
      width: W,
      height: H,
    })
    const fields = emptyFields()
    Object.assign(fields, {
      bank: 'sberbank',
      amount: major(s.kopecks),
      currency: 'RUB',
      type: 'client_transfer',
      status_ok: true,
      receipt_number: documentNo,
      paid_at: isoUtc(at),
      paid_at_source: 'printed',
      recipient_name: recipient,
      recipient_account: card,
      payment_reference: documentNo,
      sender_name: sender,
      commission: major(s.commissionKopecks),
    })
    return {
      pdf,
      fields,
      // FAMILIES.md states no download name (the file was renamed before collection): a neutral one.
      filename: `sberbank_${rng.int(1, 99)}.pdf`,
      printed: [['title', 'Чек по операции'], ['date', date], ...pairs],
      meta: {
        producer: 'iText 2.1.7 by 1T3XT',
        creator: 'JasperReports Library version 6.18.1-9d75d1969e774d4f179fb3be8401e98a0e6d1611',
        pdfVersion: '1.5',
        creationDate,
        modDate: creationDate,
        idHalvesEqual: false,
        pageSize: [W, H],
        fonts: ['ArialMT'],
      },
    }
  },
}

/** The page: title, time in words, dashes, each grey label over its value 34 pt a pair, dashes, the paragraph. */
function drawSberPage(date: string, pairs: Array<[string, string]>): { content: string; arial: FontUse } {
  const arial = new FontUse('LiberationSans-Regular', 'ArialMT', 'original')
  const page = new JasperPage(H)
  const dashes = (yMin: number): void => {
    let rule = '-'
    while (arial.width(`${rule}-`, 10) <= W - 2 * X) rule += '-'
    page.line(arial, 'F1', rule, X, yMin, 10, GREY)
  }
  page.anchor('F1', false)
  page.centre(arial, 'F1', 'Чек по операции', W, 40, 14, BLACK)
  page.centre(arial, 'F1', date, W, 62, 10, GREY)
  dashes(82)
  pairs.forEach(([label, value], i) => {
    const y = 104 + 34 * i
    page.line(arial, 'F1', label, X, y, 9, GREY)
    page.line(arial, 'F1', value, X, y + 13, 11, BLACK)
  })
  dashes(414)
  page.line(arial, 'F1', 'Дополнительная информация', X, 434, 10, BLACK)
  PARAGRAPH.forEach((line, i) => {
    page.line(arial, 'F1', line, X, 452 + 12 * i, 8, GREY)
  })
  return { content: page.content, arial }
}
