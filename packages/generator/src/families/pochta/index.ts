import { domesticBanks } from '../../data/banks'
import { firstPatronymicInitial } from '../../data/people'
import { cidHex, FontUse } from '../../font/font-use'
import { major } from '../../format/money'
import { dmy, hms, isoUtc, msk } from '../../format/time'
import { num } from '../../pdf/pdf-doc'
import { type BuildContext, type BuiltReceipt, emptyFields, type FamilyDefinition } from '../family-types'
import { phoneSpaced, scenario } from '../scenario'
import { writePochtaPdf } from './pochta-container'

/**
 * Pochta Bank, SBP transfer by phone (FAMILIES.md, "How receipts live in the wild" 4; there is no development
 * file): Oracle BI Publisher 10.1.3.4.2, PDF 1.4, 340.2 × 567 pt. Rows in FAMILIES.md's order: the time first,
 * `Итого 67400,00 рублей`, then label/value rows, the footer `Квитанция № NNN NNN NNN NNN NNN` with the bank's
 * phone, licence and address. No SBP id is printed. Cyrillic text is drawn in `Albany WT J` (the standard
 * Helvetica's WinAnsi encoding has no Cyrillic); numbers and phones in Helvetica, the total's digits in
 * Helvetica-Bold. Positions, sizes and footer wording are the generator's (FAMILIES.md gives none).
 */
const W = 340.2
const H = 567
const LEFT = 28.35
const RIGHT = 311.85
const GREY = '.4 .4 .4 rg'
const BLACK = '0 0 0 rg'

/** `67400,00 рублей`: no thousands separator, a decimal comma, the currency in words. */
const roubles = (kopecks: number): string =>
  `${Math.floor(kopecks / 100)},${String(kopecks % 100).padStart(2, '0')} рублей`

export const pochtabank: FamilyDefinition = {
  bank: 'pochtabank',
  variants: ['sbp'],
  build(ctx: BuildContext): BuiltReceipt {
    const { rng, overrides: o } = ctx
    const s = scenario(
      ctx,
      domesticBanks.filter((b) => b.id !== 'pochtabank'),
    )
    const t = msk(s.at)
    const date = `${dmy(t)} ${hms(t)}`
    const sender = o.senderName ?? firstPatronymicInitial(s.sender)
    const recipient = o.recipientName ?? firstPatronymicInitial(s.recipient)
    const phone = phoneSpaced(s.phone)
    const groups = Array.from({ length: 5 }, () => rng.digits(3))
    const receiptNo = o.operationNumber ?? groups.join('')
    const printedNo = o.operationNumber ?? groups.join(' ')
    const rows: Array<[string, string]> = [
      ['Вид операции', 'Перевод по номеру телефона через СБП'],
      ['Статус операции', 'Исполнено'],
      ['Сумма', roubles(s.kopecks)],
      ['Комиссия', roubles(s.commissionKopecks)],
      ['Отправитель', sender],
      ['Телефон получателя', phone],
      ['Получатель', recipient],
      ['Банк получателя', s.bank.name],
    ]
    const { ops, albany } = drawPochtaPage(date, roubles(s.kopecks), rows, printedNo)
    const pdf = writePochtaPdf({ ops, albany, rng: rng.fork('pochta-file'), width: W, height: H })
    const fields = emptyFields()
    Object.assign(fields, {
      bank: s.bank.id,
      amount: major(s.kopecks),
      currency: 'RUB',
      type: 'client_transfer',
      status_ok: true,
      receipt_number: receiptNo,
      paid_at: isoUtc(s.at),
      paid_at_source: 'printed',
      recipient_name: recipient,
      recipient_account: phone,
      payment_reference: receiptNo,
      sender_name: sender,
      commission: major(s.commissionKopecks),
    })
    return {
      pdf,
      fields,
      // FAMILIES.md states no download name: a neutral one.
      filename: `pochtabank_${rng.int(1, 99)}.pdf`,
      printed: [['date', date], ['Итого', roubles(s.kopecks)], ...rows, ['Квитанция №', printedNo]],
      meta: {
        producer: 'Oracle BI Publisher 10.1.3.4.2',
        creator: null,
        pdfVersion: '1.4',
        creationDate: null,
        modDate: null,
        idHalvesEqual: true,
        pageSize: [W, H],
        fonts: ['Helvetica', 'Helvetica-Bold', 'Albany WT J'],
      },
    }
  },
}

/**
 * The page: the time, `Итого` and the total, label/value rows 24 pt apart, the footer. ASCII runs are drawn in
 * Helvetica, the rest in Albany; one baseline per line, placed by Albany's ascent.
 */
function drawPochtaPage(
  date: string,
  total: string,
  rows: Array<[string, string]>,
  printedNo: string,
): { ops: string[]; albany: FontUse } {
  const albany = new FontUse('LiberationSans-Regular', 'Albany#20WT#20J', 'first-use')
  const helvetica = new FontUse('LiberationSans-Regular', 'Helvetica', 'original')
  const helveticaBold = new FontUse('LiberationSans-Bold', 'Helvetica-Bold', 'original')
  // One baseline per line, placed by Albany's ascent: a number in Helvetica and its currency word in Albany
  // share it.
  const ascent = albany.source.ascent / albany.source.unitsPerEm
  const base = (yMin: number, size: number): number => H - yMin - ascent * size
  const ops: string[] = ['BT']
  const ascii = (text: string): boolean => /^[\x20-\x7e]*$/.test(text)
  /** One run: WinAnsi literal in Helvetica (F1/F2) when the text is ASCII, Albany's CIDs (F3) otherwise. */
  const run = (text: string, x: number, yMin: number, size: number, colour: string, bold = false): void => {
    const font = ascii(text) ? (bold ? 'F2' : 'F1') : 'F3'
    const shown = font === 'F3' ? cidHex(albany.encode(text), true) : `(${text.replace(/([()\\])/g, '\\$1')})`
    ops.push(colour, `/${font} ${num(size, 2)} Tf`, `1 0 0 1 ${num(x, 3)} ${num(base(yMin, size), 3)} Tm`)
    ops.push(`${shown} Tj`)
  }
  const width = (text: string, size: number, bold = false): number =>
    ascii(text) ? (bold ? helveticaBold : helvetica).width(text, size) : albany.width(text, size)
  /** A value right-aligned to the column's edge; an amount's number and its currency word are two runs. */
  const right = (text: string, yMin: number, size: number, colour: string, bold = false): void => {
    const m = /^([\d,]+)( рублей)$/.exec(text)
    const parts = m ? [m[1]!, m[2]!] : [text]
    let x = RIGHT - parts.reduce((sum, p, i) => sum + width(p, size, bold && i === 0), 0)
    for (const [i, p] of parts.entries()) {
      run(p, x, yMin, size, colour, bold && i === 0)
      x += width(p, size, bold && i === 0)
    }
  }
  run(date, LEFT, 40, 9, GREY)
  run('Итого', LEFT, 62, 12, BLACK)
  right(total, 62, 12, BLACK, true)
  for (const [i, [label, value]] of rows.entries()) {
    const y = 96 + 24 * i
    run(label, LEFT, y, 9, GREY)
    right(value, y, 9, BLACK)
  }
  run(`Квитанция № ${printedNo}`, LEFT, 470, 9, BLACK)
  run('Телефон: 8 800 550-07-70', LEFT, 486, 8, GREY)
  run('Генеральная лицензия Банка России № 650', LEFT, 498, 8, GREY)
  run('АО «Почта Банк», г. Москва', LEFT, 510, 8, GREY)
  ops.push('ET')
  return { ops, albany }
}
