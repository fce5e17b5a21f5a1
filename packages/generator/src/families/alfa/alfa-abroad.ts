/** Alfa's transfer abroad by phone number: three layouts (the rare one prints the total and the id). */
import { countries } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { latinName } from '../../data/people'
import { sbpId } from '../../data/sbp-id'
import { major, rur } from '../../format/money'
import { type AlfaBase, type AlfaContent, alfaPage } from './alfa-base'

const TITLE = 'Квитанция о переводе за рубеж по номеру телефона'

export function alfaAbroadPhone(b: AlfaBase): AlfaContent {
  const { rng, o, s, fields, amount, account, when } = b
  const c = rng.pick(countries)
  const foreign =
    o.recipientName ?? (rng.chance(0.5) ? latinName(rng) : `${s.recipient.surname} ${s.recipient.first[0]}.`)
  const phone = `+${c.phonePrefix}${rng.digits(c.phonePrefix === '374' ? 8 : 9)}`
  const fx = `1 RUR = ${c.rate < 1 ? c.rate.toFixed(3) : c.rate.toFixed(4)} ${c.currency}`
  const credited = `${(major(s.kopecks) * c.rate).toFixed(2).replace('.', ',')}\u00a0${c.currency}`
  const number = b.opNo(rng.chance(0.95) ? 'C82' : 'C60')
  const layout = rng.next()
  Object.assign(fields, {
    type: 'cross_border_transfer',
    receipt_number: number,
    payment_reference: number,
    recipient_name: foreign,
    recipient_account: phone,
  })
  if (layout < 0.6)
    return alfaPage(b, TITLE, [
      ['Сумма перевода', amount],
      ['Получатель', foreign],
      ['Комиссия', b.commission],
      ['Номер телефона получателя', phone],
      ['Курс конвертации', fx],
      ['Счёт списания', account],
      ['Сумма зачисления банком получателя', credited],
      ['Номер операции в банке', number],
      ['Дата и время перевода', when],
    ])
  const fee =
    o.commission !== undefined ? s.commissionKopecks : Math.max(100_00, Math.round(s.kopecks * 0.01))
  fields.commission = major(fee)
  if (layout < 0.95)
    return alfaPage(b, TITLE, [
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
    ])
  // The rare layout prints only the total including fees and names the receiving bank.
  const bank = rng.pick(c.banks)
  const id = sbpId(b.idAt, rng, '1234567890')
  Object.assign(fields, {
    amount: major(s.kopecks + fee),
    commission: null,
    bank,
    receipt_number: id,
    ...paidAtTruth(b.printedAt, 'second', id),
  })
  return alfaPage(b, TITLE, [
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
  ])
}
