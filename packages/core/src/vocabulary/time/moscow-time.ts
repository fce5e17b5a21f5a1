/**
 * Receipts print Moscow time. Moscow has kept UTC+3 all year since 26 October 2014; earlier dates are not
 * expected on receipts this service checks, so a fixed offset is used and documented rather than a tz table.
 */
export const moscowOffsetSeconds = 3 * 3600

/** A wall-clock time as printed, before any zone is applied. `second` is null when the receipt omits it. */
export interface LocalDateTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number | null
}

/** Epoch milliseconds (UTC) of a Moscow wall-clock time; a missing second counts as :00. */
export function moscowToEpochMs(local: LocalDateTime): number {
  return (
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second ?? 0) -
    moscowOffsetSeconds * 1000
  )
}

/** ISO 8601 UTC with second precision, e.g. `2026-02-11T07:10:12Z`. */
export function toIsoUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** `YYYY-MM-DDTHH:MM[:SS]` of the wall-clock time itself (no zone), for facts. */
export function formatLocal(local: LocalDateTime): string {
  const p = (n: number) => String(n).padStart(2, '0')
  const base = `${local.year}-${p(local.month)}-${p(local.day)}T${p(local.hour)}:${p(local.minute)}`
  return local.second === null ? base : `${base}:${p(local.second)}`
}
