import type { PaidAtSource } from '@rv/schemas'
import { isoUtc, utc } from '../format/time'
import { decodeSbpTime } from './sbp-id'

/**
 * Accepted SBP-id time minus printed time (start of the printed unit), in seconds: the windows of
 * `packages/core/src/stages/families/<bank>/family.json`, i.e. FAMILIES.md's agreement table widened a little.
 */
export const sbpIdWindows = { second: [-5, 15], minute: [-15, 75] } as const

export type PrintedPrecision = keyof typeof sbpIdWindows

/**
 * `paid_at` and `paid_at_source` by the one convention the extractor documents (docs/extraction.md, "Field
 * conventions"): `receipt_number` whenever a printed SBP id agrees with the printed time within the window,
 * whether the id supplies the seconds (minute-precision receipts) or only confirms them (Alfa, T-Bank print
 * seconds, and those stay the value); `printed` when no id is printed or it disagrees (an overridden id).
 */
export function paidAtTruth(
  printedAt: number,
  precision: PrintedPrecision,
  id: string | null,
): { paid_at: string; paid_at_source: PaidAtSource } {
  if (id === null) return { paid_at: isoUtc(printedAt), paid_at_source: 'printed' }
  const idAt = decodeSbpTime(id, utc(printedAt).year)
  const delta = (idAt - printedAt) / 1000
  const [lo, hi] = sbpIdWindows[precision]
  if (!(delta >= lo && delta <= hi)) return { paid_at: isoUtc(printedAt), paid_at_source: 'printed' }
  return {
    paid_at: isoUtc(precision === 'minute' ? idAt : printedAt),
    paid_at_source: 'receipt_number',
  }
}
