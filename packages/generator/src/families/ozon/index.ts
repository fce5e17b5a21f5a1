import { domesticBanks } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import { FontUse } from '../../font/font-use'
import { major, rubSign } from '../../format/money'
import { dmy, floorMinute, hm, msk, p2, pdfDate, utc } from '../../format/time'
import type { Rng } from '../../random/rng'
import {
  type BuildContext,
  type BuiltReceipt,
  downloadDelayOf,
  emptyFields,
  type FamilyDefinition,
  holdOf,
} from '../family-types'
import { phoneSpaced, scenario } from '../scenario'
import { OZON_HEIGHT, OZON_WIDTH, writeOzonPdf } from './ozon-container'
import { SkiaPage } from './ozon-render'

/** Ozon Bank (headless Chromium, Skia/PDF m105): tagged, per-glyph text, no /ID, UTC dates. */
const INK = '0 0.10196 0.20392 rg'
const GREY = '0.67451 0.67451 0.67451 rg'
const BLUE = '0 0.35686 1'

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
    const page = drawOzonPage({ regular, bold }, `${dmy(t)} ${hm(t)}`, amount, rows, rng)
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
        pageSize: [OZON_WIDTH, OZON_HEIGHT],
        fonts: ['GTEestiProDisplay-Regular', 'GTEestiProDisplay-Bold'],
      },
    }
  },
}

/**
 * The page: logo, title and date, the total, label/value rows 33.9 pt apart, the footer and the round stamp
 * (its signatory drawn from `rng`).
 */
function drawOzonPage(
  { regular, bold }: { regular: FontUse; bold: FontUse },
  date: string,
  amount: string,
  rows: Array<[string, string]>,
  rng: Rng,
): SkiaPage {
  const W = OZON_WIDTH
  const page = new SkiaPage(W, OZON_HEIGHT)
  page.image('Im0', 23.9, 24, 33.6, 59.7)
  page.text(regular, 'F1', 'Перевод', 23.9, 110, 13.95, GREY)
  page.right(regular, 'F1', date, 349.8, 110, 13.95, GREY)
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
  return page
}
