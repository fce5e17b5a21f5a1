/**
 * Printed operation times: `11.02.2026, 10:10` (VTB), `07.03.2026 12:56:19 мск` (Alfa),
 * `16.04.2026 14:27:27` (T-Bank), `08.04.2026 в 09:54 (МСК)` (Gazprombank), `08.03.2026 15:31` (Ozon).
 * The whole text must be one date-time; impossible dates (31.02) are refused.
 */
import type { LocalDateTime } from './moscow-time'
import { normalizeText } from './normalize-text'

const pattern =
  /^(\d{2})\.(\d{2})\.(\d{4})(?:,| в)? (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?(?:мск|\(мск\)|msk))?$/i

export function parseDateTime(text: string): LocalDateTime | null {
  const match = pattern.exec(normalizeText(text))
  if (!match) return null
  const [day, month, year, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const second = match[6] === undefined ? null : Number(match[6])
  if (hour > 23 || minute > 59 || (second !== null && second > 59)) return null
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return null
  return { year, month, day, hour, minute, second }
}

/** Finds a date-time inside a longer line (Ozon prints `Перевод` and the date on one row). */
export function findDateTime(text: string): { value: LocalDateTime; text: string } | null {
  const normalized = normalizeText(text)
  const candidate = /\d{2}\.\d{2}\.\d{4}(?:,| в)? \d{1,2}:\d{2}(?::\d{2})?(?: ?(?:мск|\(мск\)))?/i.exec(
    normalized,
  )
  if (!candidate) return null
  const value = parseDateTime(candidate[0])
  return value ? { value, text: candidate[0] } : null
}
