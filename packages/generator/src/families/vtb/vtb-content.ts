/** What a VTB receipt prints, built by a variant (vtb-variants.ts, vtb-tax.ts) and drawn by vtb-render.ts. */
import type { ReceiptFields } from '@rv/schemas'

/** One row of the two-column block; `wrapAt` splits the value onto a second line (the SBP id: 25 + 7). */
export interface VtbRow {
  label: string
  value: string
  wrapAt?: number
  /** The label wraps after this many characters (at the next space), as `Телефон`/`отправителя` sometimes does. */
  labelWrapAt?: number
  green?: boolean
  /** Label and value already broken into lines (vtb-tax.ts): the row takes 12 pt more for each extra line. */
  lines?: { label: string[]; value: string[] }
}

export interface VtbContent {
  /** Centred 10.5 pt lines at the top: the title and what follows it. */
  heading: string[]
  rows: VtbRow[]
  amount: string
  /** Page height from FAMILIES.md for this layout. */
  height: number
  fields: ReceiptFields
  /** Operation instant as the SBP id encodes it (the receipt prints only the minute); a hold executes it later. */
  at: number
  /** Start of the printed minute. */
  printedMinute: number
}
