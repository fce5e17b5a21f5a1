import { nbHyphen } from '../../data/banks'
import type { BuildContext } from '../family-types'
import { phoneSpaced, phoneTight } from '../scenario'
import { vtbAbroadPhone, vtbCardAbroad } from './vtb-abroad'
import { type VtbBase, vtbBase, vtbPage } from './vtb-base'
import type { VtbContent } from './vtb-content'
import { vtbSalary } from './vtb-salary'
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

function sbpOutgoing(b: VtbBase): VtbContent {
  const { s, recipient, sender } = b
  const phone = phoneSpaced(s.phone, '\u2011')
  Object.assign(b.fields, {
    bank: s.bank.id,
    type: 'client_transfer',
    recipient_name: recipient,
    recipient_account: phone,
    sender_name: sender,
  })
  b.withId()
  return vtbPage(
    b,
    ['Исходящий перевод СБП', recipient],
    [
      b.status,
      b.dateRow,
      { label: 'Счет списания', value: b.account },
      { label: 'Имя плательщика', value: sender },
      { label: 'Получатель', value: recipient },
      { label: 'Телефон получателя', value: phone },
      { label: 'Банк получателя', value: nbHyphen(s.bank.name) },
      { label: 'ID операции в СБП', value: b.id, wrapAt: 25 },
    ],
    437.25,
  )
}

function vtbClient(b: VtbBase): VtbContent {
  const { s, recipient, sender } = b
  const to = `${b.rng.digits(8)}********${b.rng.digits(4)}`
  Object.assign(b.fields, {
    bank: 'vtb',
    type: 'client_transfer',
    recipient_name: recipient,
    recipient_account: s.phone,
    sender_name: sender,
  })
  return vtbPage(
    b,
    ['По номеру телефона клиенту ВТБ', recipient],
    [
      b.status,
      b.dateRow,
      { label: 'Счет списания', value: b.account },
      { label: 'Получатель', value: recipient },
      { label: 'Телефон получателя', value: s.phone },
      { label: 'Счет получателя', value: to },
      { label: 'Отправитель', value: sender },
    ],
    402.75,
  )
}

function sbpIncoming(b: VtbBase): VtbContent {
  const { s, sender, account } = b
  const wrapLabel = b.rng.chance(0.5)
  const phone = phoneTight(s.phone, '\u2011')
  // The holder is the recipient; the credited account is the recipient's account.
  Object.assign(b.fields, {
    bank: 'vtb',
    type: 'incoming_transfer',
    sender_name: sender,
    recipient_account: account,
  })
  b.withId()
  return vtbPage(
    b,
    ['Входящий перевод СБП', sender],
    [
      b.status,
      b.dateRow,
      { label: 'Счет зачисления', value: account },
      { label: 'Отправитель', value: sender },
      { label: 'Банк отправителя', value: nbHyphen(s.bank.name) },
      { label: 'Телефон отправителя', value: phone, ...(wrapLabel ? { labelWrapAt: 7 } : {}) },
      { label: 'ID операции в СБП', value: b.id, wrapAt: 25 },
    ],
    wrapLabel ? 425.25 : 423.75,
  )
}

/** The non-tax variants, each from the shared draws of vtb-base.ts. */
const variantContent: Record<string, (b: VtbBase) => VtbContent> = {
  sbp_outgoing: sbpOutgoing,
  vtb_client: vtbClient,
  sbp_incoming: sbpIncoming,
  salary: vtbSalary,
  abroad_phone: vtbAbroadPhone,
  card_abroad: vtbCardAbroad,
}

export function vtbContent(ctx: BuildContext): VtbContent {
  if (ctx.variant === 'tax') return vtbTaxContent(ctx)
  const content = variantContent[ctx.variant]
  if (!content) throw new Error(`unknown vtb variant ${ctx.variant}`)
  return content(vtbBase(ctx))
}
