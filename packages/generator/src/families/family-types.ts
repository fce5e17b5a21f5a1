import { emptyFields as emptyRecordFields } from '@rv/core/vocabulary'
import type { ReceiptFields } from '@rv/schemas'
import type { Behaviour } from '../behaviour/behaviour'
import type { Rng } from '../random/rng'

/** Values tests and the forgery toolkit may pin; anything left out is drawn from the seed. */
export interface Overrides {
  /** Amount in roubles (major units). */
  amount?: number
  /** Commission in roubles, where the variant prints one. */
  commission?: number
  /** Operation instant, ISO 8601 (the SBP id encodes it; the receipt prints it in Moscow time). */
  paidAt?: string
  /** Moment the PDF was produced or downloaded (VTB CreationDate, Alfa «Сформирована»), ISO 8601. */
  generatedAt?: string
  recipientName?: string
  senderName?: string
  /** The payer's debit account as printed (Alfa `Счёт списания`, VTB `Счет списания`); drawn from the seed otherwise. */
  senderAccount?: string
  /** Ten digits, starting with 9 (the +7 is added by the bank's format). */
  recipientPhone?: string
  /** Recipient bank's printed name, e.g. `Сбербанк`. */
  recipientBank?: string
  sbpId?: string
  /** The bank's own operation/receipt number (Alfa `Номер операции`, T-Bank `Квитанция №`). */
  operationNumber?: string
  /**
   * The title printed in place of the variant's (VTB's first heading line, Alfa's 21 pt title): a variant no
   * family describes, drawn by the bank's own generator (tests of `<family>/unknown`).
   */
  title?: string
}

export interface BuildContext {
  rng: Rng
  variant: string
  overrides: Overrides
  /** The generator's fixed "now" (epoch ms): operations happen before it, downloads not after it. */
  now: number
  /** What life did to the receipt after the bank's fresh rendering (`{}`: nothing). */
  behaviour: Behaviour
  /** Draws of the behaviour only, apart from `rng`, so a receipt without one keeps its bytes. */
  behaviourRng: Rng
}

/** The hold (ms) between the SBP id's minting and the printed execution: 0 unless the behaviour holds it. */
export const holdOf = (ctx: BuildContext): number => ctx.behaviour.holdMs ?? 0

/** The late download (ms) after the bank's fresh rendering: 0 unless the behaviour asks for one. */
export const downloadDelayOf = (ctx: BuildContext): number => ctx.behaviour.downloadDelayMs ?? 0

/** A delay after `from` that does not pass `now`: redrawn uniformly within the room left when it would. */
export function delayBefore(ctx: BuildContext, from: number, delayMs: number, minMs: number): number {
  if (from + delayMs <= ctx.now) return from + delayMs
  const room = Math.max(minMs, ctx.now - from)
  return from + minMs + Math.floor((ctx.rng.next() * (room - minMs + 1)) / 1000) * 1000
}

/** Container facts the generator put into the file, so tests can assert them without re-deriving. */
export interface TruthMeta {
  producer: string
  creator: string | null
  pdfVersion: string
  creationDate: string | null
  modDate: string | null
  idHalvesEqual: boolean | null
  pageSize: [number, number]
  fonts: string[]
}

export interface BuiltReceipt {
  pdf: Uint8Array
  fields: ReceiptFields
  filename: string
  /** The printed label → value pairs in reading order (values as drawn). */
  printed: Array<[string, string]>
  meta: TruthMeta
}

export interface FamilyDefinition {
  bank: string
  variants: readonly string[]
  build(ctx: BuildContext): BuiltReceipt
}

/** The empty fields block (core's, the one home) as a generated receipt's truth starts it: a PDF's text, in Russian. */
export function emptyFields(): ReceiptFields {
  return { ...emptyRecordFields(), source: 'pdf_text', language: 'ru' }
}
