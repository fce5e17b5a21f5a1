/**
 * Printed operation times: `11.02.2026, 10:10` (VTB), `07.03.2026 12:56:19 мск` (Alfa),
 * `16.04.2026 14:27:27` (T-Bank), `08.04.2026 в 09:54 (МСК)` (Gazprombank), `08.03.2026 15:31` (Ozon),
 * `20 января 2025 21:33:00 (МСК)` (Sberbank: the month in words, genitive, read as its number).
 * The whole text must be one date-time; impossible dates (31.02) are refused. A time printed with another zone
 * (`UTC+5`, `GMT+07:00`, `МСК+2`) is returned as the same instant in Moscow time, which every reader assumes.
 */
import { monthsGenitive } from '../../vocabulary/text/month-names'
import { normalizeText } from '../../vocabulary/text/normalize-text'
import type { LocalDateTime } from '../../vocabulary/time/moscow-time'

/** `мск`, `(МСК)`, or an explicit offset from UTC or from Moscow: `(UTC+5)`, `GMT+07:00`, `МСК+2`. */
const zone = String.raw`(?: ?\(?(?:(мск|msk)|(utc|gmt))(?: ?([+\-−]) ?(\d{1,2})(?::?(\d{2}))?)?\)?)?`
const dateTime = String.raw`(\d{2})\.(\d{2})\.(\d{4})(?:,| в)? (\d{1,2}):(\d{2})(?::(\d{2}))?`
const pattern = new RegExp(`^${dateTime}${zone}$`, 'i')
const embedded = new RegExp(`${dateTime}${zone}`, 'i')

const inWords = new RegExp(String.raw`(^|\s)(\d{1,2}) (${monthsGenitive.join('|')}) (\d{4})(?=\s)`, 'i')

/** `20 января 2025 …` as `20.01.2025 …`; any other text unchanged. */
function numericDate(text: string): string {
  return text.replace(inWords, (_all, lead: string, day: string, month: string, year: string) => {
    const m = monthsGenitive.indexOf(month.toLowerCase()) + 1
    return `${lead}${day.padStart(2, '0')}.${String(m).padStart(2, '0')}.${year}`
  })
}

export function parseDateTime(text: string): LocalDateTime | null {
  const match = pattern.exec(numericDate(normalizeText(text)))
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
  const local = { year, month, day, hour, minute, second }
  const offset = offsetMinutes(match.slice(7, 12))
  return offset === null ? null : toMoscow(local, offset)
}

/** The printed zone's offset from UTC in minutes (Moscow when none is printed); null when impossible. */
function offsetMinutes([moscow, utc, sign, hours, minutes]: (string | undefined)[]): number | null {
  const base = utc ? 0 : 180
  if (!sign) return moscow || !utc ? 180 : 0
  const shift = Number(hours) * 60 + Number(minutes ?? 0)
  if (Number(hours) > 14 || Number(minutes ?? 0) > 59) return null
  return base + (sign === '+' ? shift : -shift)
}

function toMoscow(local: LocalDateTime, offset: number): LocalDateTime {
  if (offset === 180) return local
  const ms =
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second ?? 0) +
    (180 - offset) * 60_000
  const d = new Date(ms)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: local.second === null ? null : d.getUTCSeconds(),
  }
}

/** Finds a date-time inside a longer line (Ozon prints `Перевод` and the date on one row). */
export function findDateTime(text: string): { value: LocalDateTime; text: string } | null {
  const normalized = numericDate(normalizeText(text))
  const candidate = embedded.exec(normalized)
  if (!candidate) return null
  const value = parseDateTime(candidate[0])
  return value ? { value, text: candidate[0] } : null
}
