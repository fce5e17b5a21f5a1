/** What an Alfa receipt prints (built by alfa-variants.ts, drawn by alfa-render.ts) and the draws every variant shares. */
import type { ReceiptFields } from '@rv/schemas'
import { domesticBanks } from '../../data/banks'
import { major, rur } from '../../format/money'
import { dmy, hms, isoUtc, msk, p2 } from '../../format/time'
import type { Rng } from '../../random/rng'
import { type BuildContext, emptyFields, holdOf, type Overrides } from '../family-types'
import { type Scenario, scenario } from '../scenario'

/** One grid cell: label (11 pt grey) over value (12 pt black). Cells fill rows left column first. */
export type AlfaCell = [label: string, value: string]

export interface AlfaContent {
  title: string
  cells: AlfaCell[]
  fields: ReceiptFields
  /** Printed operation instant (seconds); the SBP id, where printed, encodes 0–7 s later. */
  printedAt: number
}

export interface AlfaBase {
  rng: Rng
  o: Overrides
  s: Scenario
  printedAt: number
  /** The NSPK time an SBP id encodes. */
  idAt: number
  when: string
  amount: string
  account: string
  message: string
  nameNoDot: string
  fields: ReceiptFields
  commission: string
  /** `Номер операции` with the variant's prefix (the override, else drawn when called). */
  opNo(prefix: string): string
}

/** `Номер операции`: letter + 2 digits (type) + DDMMYY of the Moscow operation date + 7 digits. */
function operationNumber(prefix: string, at: number, digits: string): string {
  const t = msk(at)
  return `${prefix}${p2(t.day)}${p2(t.month)}${p2(t.year % 100)}${digits}`
}

/** Draws the shared values in the order the variants always drew them (the seed's bytes depend on it). */
export function alfaBase(ctx: BuildContext): AlfaBase {
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
  return {
    rng,
    o,
    s,
    printedAt,
    idAt,
    when,
    amount,
    account,
    message: 'Перевод денежных средств',
    nameNoDot,
    fields,
    commission: rur(s.commissionKopecks),
    opNo: (prefix) => o.operationNumber ?? operationNumber(prefix, printedAt, rng.digits(7)),
  }
}

/** A variant's content: its title and cells around the shared fields and printed time. */
export function alfaPage(b: AlfaBase, title: string, cells: AlfaCell[]): AlfaContent {
  return { title, cells, fields: b.fields, printedAt: b.printedAt }
}
