/**
 * `paid_at` from the printed Moscow time and the SBP id. The id carries UTC seconds; receipts that print
 * only minutes (VTB, Gazprombank, Ozon) get their seconds from it, receipts that print seconds keep the
 * printed time. Either way the id must agree with the printed time within the family's window, else it is
 * not trusted for time and the printed time stands (`paid_at_source: printed`).
 *
 * A held transfer (timing/transfer-timing.ts) prints its execution time, up to the longest hold after the id's
 * time: the id is consistent with it (the hold is `sbpIdHeldSeconds`), and `paid_at` is the printed time —
 * when the money moved — read as surely as without an id.
 */
import type { PaidAtSource } from '@rv/schemas'
import { decodeSbpIdTime } from '../../vocabulary/text/decode-sbp-id'
import { type LocalDateTime, moscowToEpochMs, toIsoUtc } from '../../vocabulary/time/moscow-time'
import { MAX_HOLD_SECONDS } from '../../vocabulary/time/transfer-timing'

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
  /** Printed (execution) time − id time when the transfer was held; null otherwise. */
  sbpIdHeldSeconds: number | null
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
      sbpIdHeldSeconds: null,
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
      sbpIdHeldSeconds: null,
    }
  }
  const delta = (idMs - printedMs) / 1000
  // A family that prints seconds sometimes prints the minute only (T-Bank): the id may then fall anywhere in it.
  const hi = printed?.second === null && window[1] < 60 ? window[1] + 60 : window[1]
  const held = delta < window[0] && delta >= -MAX_HOLD_SECONDS
  const consistent = held || (delta >= window[0] && delta <= hi)
  const facts = {
    sbpIdTime: toIsoUtc(idMs),
    sbpIdDeltaSeconds: delta,
    sbpIdConsistent: consistent,
    sbpIdHeldSeconds: held ? -delta : null,
  }
  if (held) return { paidAt: toIsoUtc(printedMs), source: 'printed', confidence: 0.97, ...facts }
  if (!consistent) return { paidAt: toIsoUtc(printedMs), source: 'printed', confidence: 0.8, ...facts }
  const paidAt = printed?.second === null ? toIsoUtc(idMs) : toIsoUtc(printedMs)
  return { paidAt, source: 'receipt_number', confidence: 0.99, ...facts }
}

/**
 * On a picture, the SBP id's time over a printed time OCR read shakily, when the two disagree: Ozon prints its
 * date and time in light grey (#ACACAC), and a screenshot's grey row is misread digit by digit (`15:36` for
 * `13:38`, a month `09` for `08`) while the id, printed dark, is read surely. So when the printed date and
 * time were read below 0.9 and the id at 0.9 or more (and not as one of two readings), `paid_at` is the id's
 * time (`paid_at_source: receipt_number`) at 0.85 at most — the two disagreed — times the id's reading (not
 * the misread time's, build-fields.ts). The facts keep the disagreement
 * (`sbp_id_consistent: false`). A surely read printed time stands as before (`printed`, 0.8): on a forged
 * picture whose time was edited, the record keeps what is printed and says the id disagrees. A shaky printed
 * time that reads as a hold is treated the same way: a misread digit is likelier than a held transfer.
 */
export function preferSureId(
  paidAt: PaidAt,
  read: { printed: number; id: number; idAmbiguous: boolean },
): PaidAt {
  const disagrees = paidAt.sbpIdConsistent === false || paidAt.sbpIdHeldSeconds !== null
  if (!disagrees || paidAt.sbpIdTime === null) return paidAt
  if (read.idAmbiguous || read.id < 0.9 || read.printed >= 0.9) return paidAt
  return {
    ...paidAt,
    paidAt: paidAt.sbpIdTime,
    source: 'receipt_number',
    confidence: 0.85,
    sbpIdConsistent: false,
    sbpIdHeldSeconds: null,
  }
}
