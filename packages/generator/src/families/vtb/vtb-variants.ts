import { countries, domesticBanks, nbHyphen } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { firstPatronymicInitial, latinName, organisations } from '../../data/people'
import { sbpId } from '../../data/sbp-id'
import { major, rubSign } from '../../format/money'
import { dmy, floorMinute, hm, isoUtc, msk } from '../../format/time'
import type { Rng } from '../../random/rng'
import { type BuildContext, emptyFields, holdOf } from '../family-types'
import { phoneSpaced, phoneTight, scenario } from '../scenario'
import type { VtbContent, VtbRow } from './vtb-content'
import { wrapParagraph } from './vtb-paragraph'
import { vtbTaxContent } from './vtb-tax'

export const vtbVariants = [
  'sbp_outgoing',
  'vtb_client',
  'sbp_incoming',
  'salary',
  'abroad_phone',
  'card_abroad',
  'tax',
] as const

const FX_DECIMAL = [',', '.']

const months = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
]

function fxText(rng: Rng, rate: number, currency: string): string {
  return `1 ₽ = ${String(rate).replace('.', rng.pick(FX_DECIMAL))} ${currency}`
}

export function vtbContent(ctx: BuildContext): VtbContent {
  if (ctx.variant === 'tax') return vtbTaxContent(ctx)
  const { rng, overrides: o } = ctx
  const s = scenario(
    ctx,
    domesticBanks.filter((b) => b.id !== 'vtb'),
  )
  // A held transfer prints its later execution; the id keeps the time it was minted.
  const executedAt = s.at + holdOf(ctx)
  const t = msk(executedAt)
  const date = `${dmy(t)}, ${hm(t)}`
  const name = (p: typeof s.sender): string => firstPatronymicInitial(p)
  const recipient = o.recipientName ?? name(s.recipient)
  const sender = o.senderName ?? name(s.sender)
  // Drawn even when pinned, so pinning it moves no other value of the seed.
  const drawnAccount = `*${rng.digits(4)}`
  const account = o.senderAccount ?? drawnAccount
  const amount = rubSign(s.kopecks)
  // VTB's printed minute and the id's NSPK time agree within −56…+9 s (printed − id): the id may even fall in
  // the previous minute.
  const printedMinute = floorMinute(executedAt)
  const idAt = o.paidAt ? s.at : floorMinute(s.at) + rng.int(-9, 56) * 1000
  const id = o.sbpId ?? sbpId(idAt, rng)
  const fields = emptyFields()
  fields.amount = major(s.kopecks)
  fields.currency = 'RUB'
  fields.status_ok = true
  // Without an SBP id only the printed minute is known; with one, the id carries the seconds.
  fields.paid_at = isoUtc(printedMinute)
  fields.paid_at_source = 'printed'
  const status: VtbRow = { label: 'Статус', value: 'Выполнено', green: true }
  const dateRow: VtbRow = { label: 'Дата операции', value: date }
  const withId = (): void => {
    fields.receipt_number = id
    Object.assign(fields, paidAtTruth(printedMinute, 'minute', id))
  }
  switch (ctx.variant) {
    case 'sbp_outgoing': {
      const phone = phoneSpaced(s.phone, '\u2011')
      Object.assign(fields, {
        bank: s.bank.id,
        type: 'client_transfer',
        recipient_name: recipient,
        recipient_account: phone,
        sender_name: sender,
      })
      withId()
      return {
        heading: ['Исходящий перевод СБП', recipient],
        rows: [
          status,
          dateRow,
          { label: 'Счет списания', value: account },
          { label: 'Имя плательщика', value: sender },
          { label: 'Получатель', value: recipient },
          { label: 'Телефон получателя', value: phone },
          { label: 'Банк получателя', value: nbHyphen(s.bank.name) },
          { label: 'ID операции в СБП', value: id, wrapAt: 25 },
        ],
        amount,
        height: 437.25,
        fields,
        at: idAt,
        printedMinute,
      }
    }
    case 'vtb_client': {
      const to = `${rng.digits(8)}********${rng.digits(4)}`
      Object.assign(fields, {
        bank: 'vtb',
        type: 'client_transfer',
        recipient_name: recipient,
        recipient_account: s.phone,
        sender_name: sender,
      })
      return {
        heading: ['По номеру телефона клиенту ВТБ', recipient],
        rows: [
          status,
          dateRow,
          { label: 'Счет списания', value: account },
          { label: 'Получатель', value: recipient },
          { label: 'Телефон получателя', value: s.phone },
          { label: 'Счет получателя', value: to },
          { label: 'Отправитель', value: sender },
        ],
        amount,
        height: 402.75,
        fields,
        at: idAt,
        printedMinute,
      }
    }
    case 'sbp_incoming': {
      const wrapLabel = rng.chance(0.5)
      const phone = phoneTight(s.phone, '\u2011')
      // The holder is the recipient; the credited account is the recipient's account.
      Object.assign(fields, {
        bank: 'vtb',
        type: 'incoming_transfer',
        sender_name: sender,
        recipient_account: account,
      })
      withId()
      return {
        heading: ['Входящий перевод СБП', sender],
        rows: [
          status,
          dateRow,
          { label: 'Счет зачисления', value: account },
          { label: 'Отправитель', value: sender },
          { label: 'Банк отправителя', value: nbHyphen(s.bank.name) },
          { label: 'Телефон отправителя', value: phone, ...(wrapLabel ? { labelWrapAt: 7 } : {}) },
          { label: 'ID операции в СБП', value: id, wrapAt: 25 },
        ],
        amount,
        height: wrapLabel ? 425.25 : 423.75,
        fields,
        at: idAt,
        printedMinute,
      }
    }
    case 'salary': {
      const t0 = msk(s.at)
      const month = `${months[(t0.month + 10) % 12]} ${t0.month === 1 ? t0.year - 1 : t0.year} г.`
      // Under the title one centred paragraph, wrapped to the page: the payer's taxpayer number, the payer and
      // the purpose. Both real salary credits wrap it into six lines (page height 366.75), so texts are drawn
      // until one does; another count would move the rows by 12 pt a line.
      let org = ''
      let purpose = ''
      let lines: string[] = []
      for (let attempt = 0; attempt < 8 && lines.length !== 6; attempt++) {
        org = rng.pick(organisations)
        const register = `№ ${rng.int(1, 999)} от ${dmy(t0)}`
        const contract = `№ ${rng.int(10, 9999)}${rng.chance(0.5) ? `/${rng.int(1, 99)}` : ''} от ${dmy(msk(s.at - rng.int(200, 3000) * 86_400_000))}`
        purpose = rng.pick([
          `Зачисление заработной платы за ${month} по реестру ${register} согласно договору ${contract} о зачислении денежных средств на счета работников. НДС не облагается`,
          `Заработная плата за ${month} Реестр ${register}. Перечисление по договору ${contract} на счета сотрудников. Без налога (НДС)`,
          `Аванс за ${month} по реестру ${register} по договору ${contract} о выплате заработной платы на счета работников. НДС не облагается`,
        ])
        lines = wrapParagraph(`${rng.int(1, 9)}${rng.digits(9)} ${org} ${purpose}`)
      }
      Object.assign(fields, {
        bank: 'vtb',
        type: 'salary',
        sender_name: org,
        purpose,
        recipient_account: account,
      })
      return {
        heading: ['Поступление заработной платы', ...lines],
        rows: [status, dateRow, { label: 'Счет зачисления', value: account }],
        amount,
        // 366.75 with six paragraph lines (FAMILIES.md); each line more or less moves the rows by 12 pt
        height: 294.75 + 12 * lines.length,
        fields,
        at: idAt,
        printedMinute,
      }
    }
    case 'abroad_phone': {
      const c = rng.pick(countries)
      const foreign = latinName(rng)
      const phone = rng.chance(0.5) ? `${c.phonePrefix}${rng.digits(9)}` : `+${c.phonePrefix}${rng.digits(8)}`
      const bank = rng.pick(c.banks)
      const credited = `${(major(s.kopecks) * c.rate).toFixed(2).replace('.', ',')} ${c.currency}`
      const long = rng.chance(0.5)
      const commission = Math.max(30_00, Math.round(s.kopecks * 0.01))
      Object.assign(fields, {
        bank,
        type: 'cross_border_transfer',
        recipient_name: foreign,
        recipient_account: phone,
        commission: long ? major(commission) : null,
      })
      // No SBP id is printed on cross-border receipts: only the printed minute is known.
      const head = [status, dateRow, { label: 'Счет списания', value: account }]
      if (!long)
        return {
          heading: ['По номеру телефона в другую страну', foreign],
          rows: [
            ...head,
            { label: 'Получатель', value: foreign },
            { label: 'Телефон получателя', value: phone },
            { label: 'Банк получателя', value: bank },
            { label: 'Страна получателя', value: c.country },
            { label: 'Курс обмена', value: fxText(rng, c.rate, c.currency) },
            { label: 'Сумма зачисления', value: credited },
          ],
          amount,
          height: 450.75,
          fields: { ...fields, sender_name: null },
          at: idAt,
          printedMinute,
        }
      fields.sender_name = sender
      fields.purpose = 'Перевод средств'
      return {
        heading: ['Перевод по номеру телефона в другую страну', foreign],
        rows: [
          ...head,
          { label: 'Имя плательщика', value: sender },
          { label: 'Номер телефона получателя', value: phone },
          { label: 'Получатель', value: foreign },
          { label: 'Страна получателя', value: c.country },
          { label: 'Банк получателя', value: bank },
          { label: 'Назначение перевода', value: 'Перевод средств' },
          { label: 'Курс обмена', value: fxText(rng, c.rate, c.currency) },
          { label: 'Сумма выплаты', value: credited },
          { label: 'Комиссия', value: rubSign(commission) },
          { label: 'Сумма с комиссией', value: rubSign(s.kopecks + commission) },
        ],
        amount,
        height: 558.75,
        fields,
        at: idAt,
        printedMinute,
      }
    }
    case 'card_abroad': {
      const c = rng.pick(countries)
      const foreign = latinName(rng)
      const card = `${rng.digits(4)} ${rng.digits(2)}** **** ${rng.digits(4)}`
      const order = o.operationNumber ?? rng.digits(6)
      const commission = Math.max(30_00, Math.round(s.kopecks * 0.015))
      Object.assign(fields, {
        bank: null,
        type: 'cross_border_transfer',
        recipient_name: foreign,
        recipient_account: card,
        receipt_number: order,
        payment_reference: order,
        commission: major(commission),
      })
      return {
        heading: ['Перевод', 'На карту в другую страну'],
        rows: [
          status,
          dateRow,
          { label: 'Номер карты', value: `${rng.digits(6)}******${rng.digits(4)}` },
          { label: 'Счет списания', value: account },
          { label: 'Карта получателя', value: card },
          { label: 'Получатель', value: foreign },
          { label: 'Страна получателя', value: c.country },
          { label: 'Номер распоряжения', value: order },
          { label: 'Комиссия', value: rubSign(commission) },
          { label: 'Сумма с комиссией', value: rubSign(s.kopecks + commission) },
        ],
        amount,
        height: 474.75,
        fields,
        at: idAt,
        printedMinute,
      }
    }
    default:
      throw new Error(`unknown vtb variant ${ctx.variant}`)
  }
}
