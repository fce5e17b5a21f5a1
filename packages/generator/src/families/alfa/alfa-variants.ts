import { paidAtTruth } from '../../data/paid-at-truth'
import { sbpId } from '../../data/sbp-id'
import type { BuildContext } from '../family-types'
import { phoneSpaced } from '../scenario'
import { alfaAbroadPhone } from './alfa-abroad'
import { type AlfaBase, type AlfaContent, alfaBase, alfaPage } from './alfa-base'

export type { AlfaCell, AlfaContent } from './alfa-base'

export const alfaVariants = ['sbp', 'alfa_client', 'abroad_phone', 'card_to_card', 'mobile'] as const

function sbp(b: AlfaBase): AlfaContent {
  const { rng, s, nameNoDot, message } = b
  const id = b.o.sbpId ?? sbpId(b.idAt, rng)
  const phone = phoneSpaced(s.phone)
  const number = b.opNo(rng.chance(0.95) ? 'C16' : 'C42')
  Object.assign(b.fields, {
    bank: s.bank.id,
    type: 'client_transfer',
    receipt_number: id,
    ...paidAtTruth(b.printedAt, 'second', id),
    payment_reference: number,
    recipient_name: nameNoDot,
    recipient_account: phone,
    purpose: message,
  })
  return alfaPage(b, 'Квитанция о переводе по СБП', [
    ['Сумма перевода', b.amount],
    ['Номер телефона получателя', phone],
    ['Комиссия', b.commission],
    ['Банк получателя', s.bank.name],
    ['Дата и время перевода', b.when],
    ['Счёт списания', b.account],
    ['Номер операции', number],
    ['Идентификатор операции в СБП', id],
    ['Получатель', nameNoDot],
    ['Сообщение получателю', message],
  ])
}

function alfaClient(b: AlfaBase): AlfaContent {
  const { s, account, message } = b
  const sur = s.recipient.surname
  const masked =
    b.o.recipientName ??
    `${sur.slice(0, 3)}****${sur.slice(-1)} ${s.recipient.first[0]}. ${s.recipient.patronymic[0]}.`
  const phone = `${s.phone.slice(0, 3)}***${s.phone.slice(6)}`
  const number = b.opNo('C07')
  const maskedAccount = `${account.slice(0, 6)}**********${account.slice(16)}`
  Object.assign(b.fields, {
    bank: 'alfabank',
    type: 'client_transfer',
    receipt_number: number,
    payment_reference: number,
    recipient_name: masked,
    recipient_account: phone,
    purpose: message,
  })
  return alfaPage(b, 'Квитанция о переводе клиенту Альфа-Банка', [
    ['Сумма перевода', b.amount],
    ['Получатель', masked],
    ['Комиссия', b.commission],
    ['Номер телефона получателя', phone],
    ['Дата и время перевода', b.when],
    ['Счёт списания', maskedAccount],
    ['Номер операции', number],
    ['Сообщение получателю', message],
  ])
}

function cardToCard(b: AlfaBase): AlfaContent {
  const { rng } = b
  const from = `${rng.digits(6)}******${rng.digits(4)}`
  const to = `${rng.digits(6)}******${rng.digits(4)}`
  const number = b.opNo('Z09')
  Object.assign(b.fields, {
    type: 'card_transfer',
    receipt_number: number,
    payment_reference: number,
    recipient_account: to,
  })
  return alfaPage(b, 'Квитанция о переводе с карты на карту', [
    ['Сумма перевода', b.amount],
    ['Дата и время перевода', b.when],
    ['Комиссия', b.commission],
    ['Код авторизации', rng.digits(6)],
    ['Номер карты отправителя', from],
    ['Код терминала', `${rng.digits(8)}`],
    ['Номер карты получателя', to],
    ['Номер операции в банке', number],
  ])
}

function mobile(b: AlfaBase): AlfaContent {
  const { s } = b
  const provider = b.rng.pick(['МТС', 'Билайн', 'МегаФон', 'Т2'])
  const payer = b.o.senderName ?? `${s.sender.first} ${s.sender.patronymic} ${s.sender.initial}`
  const phone = `+7${s.phone}`
  const number = b.opNo('A01')
  Object.assign(b.fields, {
    type: 'mobile_payment',
    receipt_number: number,
    payment_reference: number,
    recipient_name: provider,
    recipient_account: phone,
    sender_name: payer,
  })
  return alfaPage(b, 'Квитанция об оплате мобильной связи', [
    ['Сумма платежа', b.amount],
    ['Плательщик', payer],
    ['Комиссия', b.commission],
    ['Счёт списания', b.account],
    ['Дата и время платежа', b.when],
    ['Номер телефона', phone],
    ['Номер операции', number],
    ['Провайдер', provider],
  ])
}

const variantContent: Record<string, (b: AlfaBase) => AlfaContent> = {
  sbp,
  alfa_client: alfaClient,
  abroad_phone: alfaAbroadPhone,
  card_to_card: cardToCard,
  mobile,
}

export function alfaContent(ctx: BuildContext): AlfaContent {
  const content = variantContent[ctx.variant]
  if (!content) throw new Error(`unknown alfa variant ${ctx.variant}`)
  return content(alfaBase(ctx))
}
