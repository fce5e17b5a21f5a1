/** VTB's cross-border transfers: by phone number to another country, and to a foreign card. */
import { countries } from '../../data/banks'
import { latinName } from '../../data/people'
import { major, rubSign } from '../../format/money'
import type { Rng } from '../../random/rng'
import { type VtbBase, vtbPage } from './vtb-base'
import type { VtbContent } from './vtb-content'

const FX_DECIMAL = [',', '.']

function fxText(rng: Rng, rate: number, currency: string): string {
  return `1 ₽ = ${String(rate).replace('.', rng.pick(FX_DECIMAL))} ${currency}`
}

export function vtbAbroadPhone(b: VtbBase): VtbContent {
  const { rng, s, fields, sender } = b
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
  const head = [b.status, b.dateRow, { label: 'Счет списания', value: b.account }]
  const heading = (title: string) => [title, foreign]
  if (!long)
    return vtbPage(
      b,
      heading('По номеру телефона в другую страну'),
      [
        ...head,
        { label: 'Получатель', value: foreign },
        { label: 'Телефон получателя', value: phone },
        { label: 'Банк получателя', value: bank },
        { label: 'Страна получателя', value: c.country },
        { label: 'Курс обмена', value: fxText(rng, c.rate, c.currency) },
        { label: 'Сумма зачисления', value: credited },
      ],
      450.75,
      { ...fields, sender_name: null },
    )
  fields.sender_name = sender
  fields.purpose = 'Перевод средств'
  return vtbPage(
    b,
    heading('Перевод по номеру телефона в другую страну'),
    [
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
    558.75,
  )
}

export function vtbCardAbroad(b: VtbBase): VtbContent {
  const { rng, s, fields, o } = b
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
  return vtbPage(
    b,
    ['Перевод', 'На карту в другую страну'],
    [
      b.status,
      b.dateRow,
      { label: 'Номер карты', value: `${rng.digits(6)}******${rng.digits(4)}` },
      { label: 'Счет списания', value: b.account },
      { label: 'Карта получателя', value: card },
      { label: 'Получатель', value: foreign },
      { label: 'Страна получателя', value: c.country },
      { label: 'Номер распоряжения', value: order },
      { label: 'Комиссия', value: rubSign(commission) },
      { label: 'Сумма с комиссией', value: rubSign(s.kopecks + commission) },
    ],
    474.75,
  )
}
