import { p2, utc } from '../format/time'
import type { Rng } from '../random/rng'

/**
 * SBP operation id, 32 chars: [AB], year digit, UTC day of year (3), UTC HHMMSS, 5 alphanumerics, 6-char block,
 * 10-char tail that changes slowly with the period (FAMILIES.md, "SBP operation identifier").
 *
 * The 5 "alphanumerics" (positions 12–16): FAMILIES.md documents them as `[0-9A-Z]` and its fake examples
 * write `K7Q2P`, but in all 67 real ids of the development split positions 12–15 are digits and position 16
 * is a digit 24 times and a letter 43 times (character classes only, checked 25 Nov 2026). The generator
 * follows the real ids, so a picture of a generated receipt is as hard to read as a real one.
 */
/** Share of real ids with a digit at position 16 (24 of 67). */
const digitAt16 = 24 / 67
const tails: Record<string, string[]> = {
  '2025-03': ['0011460901'],
  '2025-04': ['0011491102'],
  '2025-05': ['0011510503'],
  '2025-06': ['0011510503'],
  '2025-07': ['0011550702', '0011560101'],
  '2025-08': ['0011580901'],
  '2025-09': ['0011580901'],
  '2025-10': ['0011611101'],
  '2025-11': ['0011630701', '0011640104'],
  '2025-12': ['0011660101', '0011661101', '0011670301'],
  '2026-01': ['0011670301', '0011680301', '0011690101'],
  '2026-02': ['0011690101', '0011700101', '0011700501'],
  '2026-03': ['0011700501'],
  '2026-04': ['0011730902', '0011740501', '0011740901'],
}

/** The tail for the UTC month of the id time; outside the known table the nearest known month is used. */
export function tailFor(epochMs: number, rng: Rng): string {
  const u = utc(epochMs)
  let key = `${u.year}-${p2(u.month)}`
  const keys = Object.keys(tails).sort()
  if (key < keys[0]!) key = keys[0]!
  if (key > keys[keys.length - 1]!) key = keys[keys.length - 1]!
  return rng.pick(tails[key]!)
}

export function dayOfYearUtc(epochMs: number): number {
  const u = utc(epochMs)
  return Math.floor((Date.UTC(u.year, u.month - 1, u.day) - Date.UTC(u.year, 0, 1)) / 86_400_000) + 1
}

export function sbpId(epochMs: number, rng: Rng, tail?: string): string {
  const u = utc(epochMs)
  const block5 = String(rng.int(0, 9999)).padStart(4, '0') + freeCharacter(rng.next())
  const april2026 = u.year === 2026 && u.month >= 4
  const block6 = april2026 ? `0${rng.pick(['B', 'G'])}10${rng.digits(2)}` : `0000${rng.digits(2)}`
  return (
    rng.pick(['A', 'B']) +
    String(u.year % 10) +
    String(dayOfYearUtc(epochMs)).padStart(3, '0') +
    p2(u.hour) +
    p2(u.minute) +
    p2(u.second) +
    block5 +
    block6 +
    (tail ?? tailFor(epochMs, rng))
  )
}

/**
 * Position 16 from one uniform draw `u` in [0, 1): a digit with the real ids' share, else a capital letter.
 * Positions 12–16 take two draws in all, as before, so the draws after the id (the rest of the receipt) are
 * the ones they were.
 */
export function freeCharacter(u: number): string {
  if (u < digitAt16) return String(Math.floor((u / digitAt16) * 10))
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  return letters[Math.min(25, Math.floor(((u - digitAt16) / (1 - digitAt16)) * 26))]!
}

/** Decodes the UTC time of an id (decade taken from `decadeOf`). */
export function decodeSbpTime(id: string, decadeOf: number): number {
  const year = Math.floor(decadeOf / 10) * 10 + Number(id[1])
  const doy = Number(id.slice(2, 5))
  return Date.UTC(year, 0, doy, Number(id.slice(5, 7)), Number(id.slice(7, 9)), Number(id.slice(9, 11)))
}
