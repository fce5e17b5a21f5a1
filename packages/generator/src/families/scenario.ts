import { type Bank, domesticBanks } from '../data/banks'
import { amountKopecks, operationTime } from '../data/operation'
import { type Person, person } from '../data/people'
import type { BuildContext } from './family-types'

/** The facts of one synthetic operation, before any bank formats them. */
export interface Scenario {
  /** Operation instant (epoch ms), the time the SBP id encodes. */
  at: number
  kopecks: number
  commissionKopecks: number
  sender: Person
  recipient: Person
  /** ten digits starting with 9 */
  phone: string
  bank: Bank
}

export function scenario(ctx: BuildContext, banks: Bank[] = domesticBanks): Scenario {
  const o = ctx.overrides
  const r = ctx.rng.fork('scenario')
  if (o.paidAt !== undefined && Number.isNaN(Date.parse(o.paidAt)))
    throw new Error(`overrides.paidAt is not a date: ${o.paidAt}`)
  if (o.amount !== undefined && !(o.amount > 0))
    throw new Error(`overrides.amount must be positive: ${o.amount}`)
  const at = o.paidAt ? Math.floor(Date.parse(o.paidAt) / 1000) * 1000 : operationTime(r, ctx.now)
  const kopecks = o.amount !== undefined ? Math.round(o.amount * 100) : amountKopecks(r)
  const sender = person(r)
  const recipient = person(r)
  const phone = o.recipientPhone ?? `9${r.digits(9)}`
  const bankName = o.recipientBank
  const bank = bankName
    ? (domesticBanks.find((b) => b.name === bankName.replace(/\u2011/g, '-')) ?? {
        name: bankName,
        id: bankName,
      })
    : r.pick(banks)
  return {
    at,
    kopecks,
    commissionKopecks: o.commission !== undefined ? Math.round(o.commission * 100) : 0,
    sender,
    recipient,
    phone,
    bank,
  }
}

/** `+7 (900) 123-45-67` with the given dash character. */
export const phoneSpaced = (d: string, dash = '-'): string =>
  `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}${dash}${d.slice(6, 8)}${dash}${d.slice(8, 10)}`

/** `+7(900)123-45-67` */
export const phoneTight = (d: string, dash = '-'): string =>
  `+7(${d.slice(0, 3)})${d.slice(3, 6)}${dash}${d.slice(6, 8)}${dash}${d.slice(8, 10)}`
