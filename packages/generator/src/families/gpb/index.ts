import { domesticBanks } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import { FontUse } from '../../font/font-use'
import { major, rubGpb } from '../../format/money'
import { dmy, floorMinute, hm, isoUtc, msk, pdfDate, utc } from '../../format/time'
import {
  type BuildContext,
  type BuiltReceipt,
  downloadDelayOf,
  emptyFields,
  type FamilyDefinition,
  holdOf,
} from '../family-types'
import { JasperPage } from '../jasper-text'
import { phoneTight, scenario } from '../scenario'
import { writeGpbPdf } from './gpb-container'

/**
 * Gazprombank (JasperReports 6.18 + iText 2.1.7, PDF/A-style): 283 × 588 pt, every label on its own line with the
 * value below it, labels pseudo-bold (`2 Tr`, 0.36667 w). Positions are FAMILIES.md's.
 */
const W = 283
const H = 588

export const gazprombank: FamilyDefinition = {
  bank: 'gazprombank',
  variants: ['sbp'],
  build(ctx: BuildContext): BuiltReceipt {
    const { rng, overrides: o } = ctx
    const s = scenario(
      ctx,
      domesticBanks.filter((b) => b.id !== 'gazprombank'),
    )
    // The id's NSPK time falls 22–53 s into the printed minute; the PDF is rendered 30–57 s into it. A held
    // transfer prints the minute of its later execution (the id keeps its own); a late download is rendered then.
    const idAt = o.paidAt ? s.at : floorMinute(s.at) + rng.int(22, 53) * 1000
    const executedAt = idAt + holdOf(ctx)
    const minute = floorMinute(executedAt)
    const created = Math.max(executedAt + 1000, minute + rng.int(30, 57) * 1000) + downloadDelayOf(ctx)
    const id = o.sbpId ?? sbpId(idAt, rng)
    const recipient =
      o.recipientName ?? `${s.recipient.first} ${s.recipient.patronymic} ${s.recipient.initial}.`
    const senderMixed = `${s.sender.first} ${s.sender.patronymic} ${s.sender.initial}.`
    const sender = o.senderName ?? (rng.chance(0.6) ? senderMixed.toUpperCase() : senderMixed)
    const phone = phoneTight(s.phone)
    const amount = rubGpb(s.kopecks)
    const t = msk(minute)
    const pairs: Array<[string, string]> = [
      ['Дата и время операции:', `${dmy(t)} в ${hm(t)} (МСК)`],
      ['Тип операции:', 'Перевод по номеру телефона'],
      ['Статус операции:', 'Операция выполнена'],
      ['Реквизиты карты списания:', `**** **** **** ${rng.digits(4)}`],
      ['Номер телефона получателя:', phone],
      ['Ф.И.О. получателя:', recipient],
      ['Банк получателя:', s.bank.name],
      ['Ф.И.О. отправителя:', sender],
      ['Сумма:', amount],
      ['Сумма комиссии:', rubGpb(s.commissionKopecks)],
      ['Сумма с учётом комиссии:', rubGpb(s.kopecks + s.commissionKopecks)],
      ['Номер операции СБП:', id],
    ]
    const { content, fonts } = drawGpbPage(pairs)
    const creationDate = pdfDate(utc(created), 'Z')
    const pdf = writeGpbPdf({
      content,
      fonts,
      rng: rng.fork('gpb-file'),
      creationDate,
      createdIso: isoUtc(created),
    })
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
      commission: major(s.commissionKopecks),
    })
    return {
      pdf,
      fields,
      // The bank's own download name is unknown (the corpus files were renamed); this mirrors the repository's.
      filename: `gpb_${rng.int(1, 99)}.pdf`,
      printed: [['title', 'Чек по операции'], ...pairs],
      meta: {
        producer: 'iText 2.1.7 by 1T3XT',
        creator: 'JasperReports Library version 6.18.1-9d75d1969e774d4f179fb3be8401e98a0e6d1611',
        pdfVersion: '1.4',
        creationDate,
        modDate: creationDate,
        idHalvesEqual: false,
        pageSize: [W, H],
        fonts: ['MicrosoftSansSerif', 'TimesNewRomanPS-BoldMT', 'Calibri', 'ArialNarrow'],
      },
    }
  },
}

/** The page: logo, title, each label (pseudo-bold) over its value 30 pt a pair, the stamp and the footer. */
function drawGpbPage(pairs: Array<[string, string]>): { content: string; fonts: FontUse[] } {
  const sans = new FontUse('LiberationSans-Regular', 'MicrosoftSansSerif', 'original')
  const times = new FontUse('LiberationSerif-Bold', 'TimesNewRomanPS-BoldMT', 'original')
  const calibri = new FontUse('Carlito-Regular', 'Calibri', 'original')
  const narrow = new FontUse('LiberationSansNarrow-Regular', 'ArialNarrow', 'original')
  const page = new JasperPage(H)
  page.anchor('F1', false)
  page.image('img0', 49, 14, 184.35, 40)
  page.centre(times, 'F2', 'Чек по операции', W, 59.5, 14, '0 g')
  pairs.forEach(([label, value], i) => {
    const y = 76.4 + 30 * i
    page.line(calibri, 'F3', label, 14, y, 11, '0 g', ['2 Tr', '0.36667 w', '0 G'], ['0 Tr', '1 w'])
    page.line(calibri, 'F3', value, 14, y + 15, 11, '0 g')
  })
  page.image('img1', 14, 434, 250, 98.03)
  const footer = ['Телефон: +7 (495) 719-1763.', 'e-mail: mailbox@gazprombank.ru', 'www.gazprombank.ru']
  footer.forEach((line, i) => {
    page.centre(narrow, 'F4', line, W, [540.4, 550.7, 561.0][i]!, 9, '0 g')
  })
  return { content: page.content, fonts: [sans, times, calibri, narrow] }
}
