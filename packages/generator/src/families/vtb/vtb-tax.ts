import { major, rubSign } from '../../format/money'
import { dmy, floorMinute, hm, isoUtc, msk } from '../../format/time'
import { type BuildContext, emptyFields } from '../family-types'
import { scenario } from '../scenario'
import type { VtbContent, VtbRow } from './vtb-content'
import { vtbWidth, wrapParagraph } from './vtb-paragraph'

/**
 * VTB `Налоги, штрафы, госплатежи` / `Оплата по реквизитам` (FAMILIES.md, "How receipts live in the wild" 4): a
 * payment to a government body by its bank details, drawn by VTB's generator like every other variant, with 22
 * rows — the budget details (БИК, treasury account, УИН, КБК, ОКТМО, …) — whose long labels and values wrap, so
 * the page is about 1000 pt tall (998 in FAMILIES.md; the height fits the content in steps of 0.75 pt). No SBP
 * id: the receipt's own number, `Номер квитанции`, is the receipt number and the payment reference.
 */
const LABEL_X = 24.75
const VALUE_RIGHT = 257.07
/** The two columns of a row: each half the block less a 12 pt gap; a label or value wraps past it. */
const COLUMN = (VALUE_RIGHT - LABEL_X - 12) / 2
/** Rows start 30.2 pt under the second heading line; the amount block takes 103.05 pt under the last row. */
const FIRST_ROW = 130.2
const BELOW_ROWS = 103.05

/** Government recipients and their banks (the treasury's account at the Bank of Russia), as they print. */
const bodies = [
  {
    name: 'УФК по г. Москве (ГУ МВД России по г. Москве)',
    bank: 'ГУ Банка России по ЦФО//УФК по г. Москве г. Москва',
    purpose:
      'Государственная пошлина за выдачу паспорта гражданина Российской Федерации, удостоверяющего личность гражданина Российской Федерации за пределами территории Российской Федерации',
  },
  {
    name: 'УФК по Московской области (ГУ МВД России по Московской области)',
    bank: 'ГУ Банка России по ЦФО//УФК по Московской области г. Москва',
    purpose:
      'Административный штраф по постановлению об административном правонарушении в области дорожного движения',
  },
  {
    name: 'УФК по Тверской области (Управление Росреестра по Тверской области)',
    bank: 'Отделение Тверь Банка России//УФК по Тверской области г. Тверь',
    purpose:
      'Государственная пошлина за государственную регистрацию прав на недвижимое имущество и сделок с ним',
  },
]

export function vtbTaxContent(ctx: BuildContext): VtbContent {
  const { rng, overrides: o } = ctx
  const s = scenario(ctx)
  const printedMinute = floorMinute(s.at)
  const t = msk(printedMinute)
  const body = rng.pick(bodies)
  const recipient = o.recipientName ?? body.name
  const account = o.senderAccount ?? `*${rng.digits(4)}`
  const treasury = `03100643${rng.digits(12)}`
  const uin = `188101${rng.digits(14)}`
  const receiptNo = o.operationNumber ?? `${rng.int(1, 9)}${rng.digits(11)}`
  const rows: VtbRow[] = [
    { label: 'Статус', value: 'Выполнено', green: true },
    { label: 'Дата операции', value: `${dmy(t)}, ${hm(t)}` },
    { label: 'Счет списания', value: account },
    { label: 'Сообщение', value: 'Оплата по реквизитам' },
    { label: 'БИК', value: `00${rng.digits(7)}` },
    { label: 'Счет получателя', value: treasury },
    { label: 'Идентификатор', value: uin },
    { label: 'Получатель', value: recipient },
    { label: 'ИНН получателя', value: `77${rng.digits(8)}` },
    { label: 'КПП получателя', value: `77${rng.digits(7)}` },
    { label: 'КБК', value: `188108${rng.digits(14)}` },
    { label: 'ОКТМО', value: `45${rng.digits(6)}` },
    { label: 'ИНН плательщика', value: `77${rng.digits(10)}` },
    { label: 'Назначение платежа', value: body.purpose },
    { label: 'Номер квитанции', value: receiptNo },
    { label: 'Банк получателя', value: body.bank },
    { label: 'Статус плательщика', value: '13' },
    { label: 'Основание платежа', value: '0' },
    { label: 'Налоговый период или код таможенного органа', value: '0' },
    { label: 'Номер документа основания платежа', value: '0' },
    { label: 'Дата документа основания платежа', value: '0' },
    { label: 'Корреспондентский счет', value: `401028105${rng.digits(11)}` },
  ].map(broken)
  const extra = rows.reduce((sum, r) => sum + 12 * (lineCount(r) - 1), 0)
  const height = Math.round((FIRST_ROW + 24 * rows.length + extra + BELOW_ROWS) / 0.75) * 0.75
  const fields = emptyFields()
  Object.assign(fields, {
    bank: body.bank,
    amount: major(s.kopecks),
    currency: 'RUB',
    type: 'other',
    status_ok: true,
    receipt_number: receiptNo,
    paid_at: isoUtc(printedMinute),
    paid_at_source: 'printed',
    recipient_name: recipient,
    recipient_account: treasury,
    // The bank's own number is the payment reference, as on every receipt (docs/extraction.md); the УИН is
    // printed but no record field holds it.
    payment_reference: receiptNo,
    purpose: body.purpose,
  })
  return {
    heading: ['Налоги, штрафы, госплатежи', 'Оплата по реквизитам'],
    rows,
    amount: rubSign(s.kopecks),
    height,
    fields,
    at: s.at,
    printedMinute,
  }
}

/** A row whose label or value passes its column, broken into lines the way openhtmltopdf wraps them. */
function broken(row: VtbRow): VtbRow {
  const label = vtbWidth(row.label) > COLUMN ? wrapParagraph(row.label, COLUMN, 9, 0.15) : [row.label]
  const value = vtbWidth(row.value) > COLUMN ? wrapParagraph(row.value, COLUMN, 9, 0.15) : [row.value]
  return label.length === 1 && value.length === 1 ? row : { ...row, lines: { label, value } }
}

const lineCount = (r: VtbRow): number => (r.lines ? Math.max(r.lines.label.length, r.lines.value.length) : 1)
