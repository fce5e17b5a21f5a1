import type { ReceiptFields } from '@rv/schemas'
import { countries, domesticBanks } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { latinName } from '../../data/people'
import { sbpId } from '../../data/sbp-id'
import { major, rur } from '../../format/money'
import { dmy, hms, isoUtc, msk, p2 } from '../../format/time'
import { type BuildContext, emptyFields, holdOf } from '../family-types'
import { phoneSpaced, scenario } from '../scenario'

export const alfaVariants = ['sbp', 'alfa_client', 'abroad_phone', 'card_to_card', 'mobile'] as const

/** One grid cell: label (11 pt grey) over value (12 pt black). Cells fill rows left column first. */
export type AlfaCell = [label: string, value: string]

export interface AlfaContent {
  title: string
  cells: AlfaCell[]
  fields: ReceiptFields
  /** Printed operation instant (seconds); the SBP id, where printed, encodes 0–7 s later. */
  printedAt: number
}

/** `Номер операции`: letter + 2 digits (type) + DDMMYY of the Moscow operation date + 7 digits. */
function operationNumber(prefix: string, at: number, digits: string): string {
  const t = msk(at)
  return `${prefix}${p2(t.day)}${p2(t.month)}${p2(t.year % 100)}${digits}`
}

export function alfaContent(ctx: BuildContext): AlfaContent {
  const { rng, overrides: o } = ctx
  const s = scenario(
    ctx,
    domesticBanks.filter((b) => b.id !== 'alfabank'),
  )
  // The receipt prints Alfa's own time; the SBP id carries the NSPK time, 0–7 s later (FAMILIES.md: printed −
  // id = −7…0 s). A held transfer prints its later execution; the id keeps the time it was minted.
  const printedAt = s.at + holdOf(ctx)
  const idAt = s.at + rng.int(0, 7) * 1000
  const when = `${dmy(msk(printedAt))} ${hms(msk(printedAt))} мск`
  const amount = rur(s.kopecks)
  // Drawn even when pinned, so pinning it moves no other value of the seed.
  const drawnAccount = `40817810${rng.digits(12)}`
  const account = o.senderAccount ?? drawnAccount
  const message = 'Перевод денежных средств'
  const opNo = (prefix: string): string =>
    o.operationNumber ?? operationNumber(prefix, printedAt, rng.digits(7))
  const nameNoDot = `${o.recipientName ?? `${s.recipient.first} ${s.recipient.patronymic} ${s.recipient.initial}`}`
  const fields = emptyFields()
  fields.amount = major(s.kopecks)
  fields.currency = 'RUB'
  // Alfa prints seconds, so the printed time is the truth; where an SBP id is printed it confirms that time
  // (`paid_at_source: receipt_number`, set with the id). A receipt is only issued for a completed operation,
  // so it states success although it has no status row.
  fields.paid_at = isoUtc(printedAt)
  fields.paid_at_source = 'printed'
  fields.status_ok = true
  fields.commission = major(s.commissionKopecks)
  const commission = rur(s.commissionKopecks)
  switch (ctx.variant) {
    case 'sbp': {
      const id = o.sbpId ?? sbpId(idAt, rng)
      const phone = phoneSpaced(s.phone)
      const number = opNo(rng.chance(0.95) ? 'C16' : 'C42')
      Object.assign(fields, {
        bank: s.bank.id,
        type: 'client_transfer',
        receipt_number: id,
        ...paidAtTruth(printedAt, 'second', id),
        payment_reference: number,
        recipient_name: nameNoDot,
        recipient_account: phone,
        purpose: message,
      })
      return {
        title: 'Квитанция о переводе по СБП',
        cells: [
          ['Сумма перевода', amount],
          ['Номер телефона получателя', phone],
          ['Комиссия', commission],
          ['Банк получателя', s.bank.name],
          ['Дата и время перевода', when],
          ['Счёт списания', account],
          ['Номер операции', number],
          ['Идентификатор операции в СБП', id],
          ['Получатель', nameNoDot],
          ['Сообщение получателю', message],
        ],
        fields,
        printedAt,
      }
    }
    case 'alfa_client': {
      const sur = s.recipient.surname
      const masked =
        o.recipientName ??
        `${sur.slice(0, 3)}****${sur.slice(-1)} ${s.recipient.first[0]}. ${s.recipient.patronymic[0]}.`
      const phone = `${s.phone.slice(0, 3)}***${s.phone.slice(6)}`
      const number = opNo('C07')
      const maskedAccount = `${account.slice(0, 6)}**********${account.slice(16)}`
      Object.assign(fields, {
        bank: 'alfabank',
        type: 'client_transfer',
        receipt_number: number,
        payment_reference: number,
        recipient_name: masked,
        recipient_account: phone,
        purpose: message,
      })
      return {
        title: 'Квитанция о переводе клиенту Альфа-Банка',
        cells: [
          ['Сумма перевода', amount],
          ['Получатель', masked],
          ['Комиссия', commission],
          ['Номер телефона получателя', phone],
          ['Дата и время перевода', when],
          ['Счёт списания', maskedAccount],
          ['Номер операции', number],
          ['Сообщение получателю', message],
        ],
        fields,
        printedAt,
      }
    }
    case 'card_to_card': {
      const from = `${rng.digits(6)}******${rng.digits(4)}`
      const to = `${rng.digits(6)}******${rng.digits(4)}`
      const number = opNo('Z09')
      Object.assign(fields, {
        type: 'card_transfer',
        receipt_number: number,
        payment_reference: number,
        recipient_account: to,
      })
      return {
        title: 'Квитанция о переводе с карты на карту',
        cells: [
          ['Сумма перевода', amount],
          ['Дата и время перевода', when],
          ['Комиссия', commission],
          ['Код авторизации', rng.digits(6)],
          ['Номер карты отправителя', from],
          ['Код терминала', `${rng.digits(8)}`],
          ['Номер карты получателя', to],
          ['Номер операции в банке', number],
        ],
        fields,
        printedAt,
      }
    }
    case 'mobile': {
      const provider = rng.pick(['МТС', 'Билайн', 'МегаФон', 'Т2'])
      const payer = o.senderName ?? `${s.sender.first} ${s.sender.patronymic} ${s.sender.initial}`
      const phone = `+7${s.phone}`
      const number = opNo('A01')
      Object.assign(fields, {
        type: 'mobile_payment',
        receipt_number: number,
        payment_reference: number,
        recipient_name: provider,
        recipient_account: phone,
        sender_name: payer,
      })
      return {
        title: 'Квитанция об оплате мобильной связи',
        cells: [
          ['Сумма платежа', amount],
          ['Плательщик', payer],
          ['Комиссия', commission],
          ['Счёт списания', account],
          ['Дата и время платежа', when],
          ['Номер телефона', phone],
          ['Номер операции', number],
          ['Провайдер', provider],
        ],
        fields,
        printedAt,
      }
    }
    case 'abroad_phone': {
      const c = rng.pick(countries)
      const foreign =
        o.recipientName ??
        (rng.chance(0.5) ? latinName(rng) : `${s.recipient.surname} ${s.recipient.first[0]}.`)
      const phone = `+${c.phonePrefix}${rng.digits(c.phonePrefix === '374' ? 8 : 9)}`
      const fx = `1 RUR = ${c.rate < 1 ? c.rate.toFixed(3) : c.rate.toFixed(4)} ${c.currency}`
      const credited = `${(major(s.kopecks) * c.rate).toFixed(2).replace('.', ',')}\u00a0${c.currency}`
      const number = opNo(rng.chance(0.95) ? 'C82' : 'C60')
      const layout = rng.next()
      Object.assign(fields, {
        type: 'cross_border_transfer',
        receipt_number: number,
        payment_reference: number,
        recipient_name: foreign,
        recipient_account: phone,
      })
      if (layout < 0.6)
        return {
          title: 'Квитанция о переводе за рубеж по номеру телефона',
          cells: [
            ['Сумма перевода', amount],
            ['Получатель', foreign],
            ['Комиссия', commission],
            ['Номер телефона получателя', phone],
            ['Курс конвертации', fx],
            ['Счёт списания', account],
            ['Сумма зачисления банком получателя', credited],
            ['Номер операции в банке', number],
            ['Дата и время перевода', when],
          ],
          fields,
          printedAt,
        }
      const fee =
        o.commission !== undefined ? s.commissionKopecks : Math.max(100_00, Math.round(s.kopecks * 0.01))
      fields.commission = major(fee)
      if (layout < 0.95)
        return {
          title: 'Квитанция о переводе за рубеж по номеру телефона',
          cells: [
            ['Сумма перевода', amount],
            ['Дата и время перевода', when],
            ['Комиссия', rur(fee)],
            ['Получатель', foreign],
            ['Списано с учётом комиссии', rur(s.kopecks + fee)],
            ['Номер телефона получателя', phone],
            ['Курс конвертации', fx],
            ['Счёт списания', account],
            ['Сумма зачисления банком получателя', credited],
            ['Номер операции в банке', number],
          ],
          fields,
          printedAt,
        }
      // The rare layout prints only the total including fees and names the receiving bank.
      const bank = rng.pick(c.banks)
      const id = sbpId(idAt, rng, '1234567890')
      Object.assign(fields, {
        amount: major(s.kopecks + fee),
        commission: null,
        bank,
        receipt_number: id,
        ...paidAtTruth(printedAt, 'second', id),
      })
      return {
        title: 'Квитанция о переводе за рубеж по номеру телефона',
        cells: [
          ['Сумма списания, включая все комиссии', rur(s.kopecks + fee)],
          ['Номер телефона получателя', phone],
          ['Сумма зачисления', credited],
          ['Банк получателя', bank],
          ['Курс конвертации', fx],
          ['Счёт списания', account],
          ['Дата и время перевода', when],
          ['Номер операции в банке', number],
          ['Получатель', foreign],
          ['Идентификатор операции', id],
        ],
        fields,
        printedAt,
      }
    }
    default:
      throw new Error(`unknown alfa variant ${ctx.variant}`)
  }
}
