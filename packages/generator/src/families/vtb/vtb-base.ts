/** What every non-tax VTB variant shares: the scenario, names, account, the SBP id and the common rows. */
import type { ReceiptFields } from '@rv/schemas'
import { domesticBanks } from '../../data/banks'
import { paidAtTruth } from '../../data/paid-at-truth'
import { firstPatronymicInitial } from '../../data/people'
import { sbpId } from '../../data/sbp-id'
import { major, rubSign } from '../../format/money'
import { dmy, floorMinute, hm, isoUtc, msk } from '../../format/time'
import type { Rng } from '../../random/rng'
import { type BuildContext, emptyFields, holdOf, type Overrides } from '../family-types'
import { type Scenario, scenario } from '../scenario'
import type { VtbContent, VtbRow } from './vtb-content'

export interface VtbBase {
  rng: Rng
  o: Overrides
  s: Scenario
  recipient: string
  sender: string
  account: string
  amount: string
  /** Operation instant as the SBP id encodes it. */
  idAt: number
  id: string
  printedMinute: number
  fields: ReceiptFields
  status: VtbRow
  dateRow: VtbRow
  /** Records the SBP id and the paid-at it refines in the truth. */
  withId(): void
}

/** Draws the shared values in the order the variants always drew them (the seed's bytes depend on it). */
export function vtbBase(ctx: BuildContext): VtbBase {
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
  return {
    rng,
    o,
    s,
    recipient,
    sender,
    account,
    amount,
    idAt,
    id,
    printedMinute,
    fields,
    status: { label: 'Статус', value: 'Выполнено', green: true },
    dateRow: { label: 'Дата операции', value: date },
    withId: () => {
      fields.receipt_number = id
      Object.assign(fields, paidAtTruth(printedMinute, 'minute', id))
    },
  }
}

/** The content of a variant: its heading, rows and page height around the shared amount and times. */
export function vtbPage(
  b: VtbBase,
  heading: string[],
  rows: VtbRow[],
  height: number,
  fields: ReceiptFields = b.fields,
): VtbContent {
  return { heading, rows, amount: b.amount, height, fields, at: b.idAt, printedMinute: b.printedMinute }
}
