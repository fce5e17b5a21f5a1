/**
 * `paid_at` from the printed Moscow time and the SBP id. The id carries UTC seconds; receipts that print
 * only minutes (VTB, Gazprombank, Ozon) get their seconds from it, receipts that print seconds keep the
 * printed time. Either way the id must agree with the printed time within the family's window, else it is
 * not trusted for time and the printed time stands (`paid_at_source: printed`).
 */
import type { PaidAtSource } from '@rv/schemas'
import { decodeSbpIdTime } from './decode-sbp-id'
import { type LocalDateTime, moscowToEpochMs, toIsoUtc } from './moscow-time'

export interface PaidAtInput {
  printed: LocalDateTime | null
  sbpId: string | null
  /** Accepted id time minus printed time (start of the printed unit), seconds. */
  window: readonly [number, number]
}

export interface PaidAt {
  paidAt: string | null
  source: PaidAtSource | null
  confidence: number
  /** Decoded id time (ISO UTC) and its offset from the printed time; null when not computable. */
  sbpIdTime: string | null
  sbpIdDeltaSeconds: number | null
  sbpIdConsistent: boolean | null
}

/** Windows used when no family says otherwise (FAMILIES.md agreement table, widened a little). */
export const defaultSbpIdWindows = { second: [-5, 15], minute: [-15, 75] } as const

export function resolvePaidAt({ printed, sbpId, window }: PaidAtInput): PaidAt {
  const printedMs = printed ? moscowToEpochMs(printed) : null
  const idMs = sbpId ? decodeSbpIdTime(sbpId, printedMs ?? Number.NaN) : null
  if (printedMs === null) {
    // Without a printed time the id's decade cannot be anchored: the id alone is not enough.
    return {
      paidAt: null,
      source: null,
      confidence: 0,
      sbpIdTime: null,
      sbpIdDeltaSeconds: null,
      sbpIdConsistent: null,
    }
  }
  if (idMs === null) {
    return {
      paidAt: toIsoUtc(printedMs),
      source: 'printed',
      confidence: 0.97,
      sbpIdTime: null,
      sbpIdDeltaSeconds: null,
      sbpIdConsistent: sbpId ? false : null,
    }
  }
  const delta = (idMs - printedMs) / 1000
  const consistent = delta >= window[0] && delta <= window[1]
  const facts = { sbpIdTime: toIsoUtc(idMs), sbpIdDeltaSeconds: delta, sbpIdConsistent: consistent }
  if (!consistent) return { paidAt: toIsoUtc(printedMs), source: 'printed', confidence: 0.8, ...facts }
  const paidAt = printed?.second === null ? toIsoUtc(idMs) : toIsoUtc(printedMs)
  return { paidAt, source: 'receipt_number', confidence: 0.99, ...facts }
}
