/**
 * The SBP operation id (FAMILIES.md, «SBP operation identifier»): 32 characters, `[AB]`, then the last
 * digit of the year, the UTC day of year (3 digits) and the UTC time HHMMSS, then 21 characters that are
 * not time. The decade is not encoded, so it is taken from a reference instant (the printed time): of the
 * candidate years, the one whose decoded instant lies closest to the reference wins (within ~a year). Because the id is in
 * UTC, operations between 00:00 and 03:00 Moscow time carry the previous UTC day; comparing instants (not
 * calendar days) handles that without a special case.
 */
const idPattern = /^[AB]\d{10}[0-9A-Z]{21}$/

export function isSbpId(text: string): boolean {
  return idPattern.test(text)
}

/** Epoch ms (UTC) encoded in the id, or null when the id is malformed or names an impossible time. */
export function decodeSbpIdTime(id: string, referenceEpochMs: number): number | null {
  if (!isSbpId(id)) return null
  const yearDigit = Number(id[1])
  const dayOfYear = Number(id.slice(2, 5))
  const hour = Number(id.slice(5, 7))
  const minute = Number(id.slice(7, 9))
  const second = Number(id.slice(9, 11))
  if (dayOfYear < 1 || hour > 23 || minute > 59 || second > 59) return null
  const referenceYear = new Date(referenceEpochMs).getUTCFullYear()
  const base = referenceYear - (referenceYear % 10) + yearDigit
  let best: number | null = null
  for (const year of [base - 10, base, base + 10]) {
    const daysInYear = isLeap(year) ? 366 : 365
    if (dayOfYear > daysInYear) continue
    const epoch = Date.UTC(year, 0, dayOfYear, hour, minute, second)
    if (best === null || Math.abs(epoch - referenceEpochMs) < Math.abs(best - referenceEpochMs)) best = epoch
  }
  // A candidate a decade away is not a decoding, it is a different operation: refuse rather than stretch.
  return best !== null && Math.abs(best - referenceEpochMs) <= maxDistanceMs ? best : null
}

const maxDistanceMs = 400 * 24 * 3600 * 1000

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** Joins an id printed over several lines (VTB 25 + 7, T-Bank 27 + 5) and checks its shape. */
export function joinSbpId(parts: readonly string[]): string | null {
  const joined = parts.join('').replace(/\s/g, '')
  return isSbpId(joined) ? joined : null
}
