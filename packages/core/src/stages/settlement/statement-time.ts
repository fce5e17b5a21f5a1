/**
 * Russian bank statements give local (Moscow, UTC+3, no daylight saving since 2014) dates and times.
 * Credits and receipts are compared as UTC instants; the store's amount lookup is bucketed by Moscow day.
 */
import { moscowOffsetSeconds } from '../../vocabulary/time/moscow-time'

const moscowOffsetMs = moscowOffsetSeconds * 1000
const dayMs = 24 * 60 * 60 * 1000

/** `dd.mm.yyyy` (and optional `hh:mm[:ss]`) in Moscow time as an ISO UTC instant, or null when malformed. */
export function parseMoscowDateTime(date: string, time?: string): string | null {
  const d = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date.trim())
  if (!d) return null
  const t =
    time === undefined || time.trim() === ''
      ? ['', '0', '0', '0']
      : /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim())
  if (!t) return null
  const [day, month, year] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - moscowOffsetMs
  // 31.02 rolls over into March: refuse instead.
  if (new Date(utc + moscowOffsetMs).getUTCDate() !== day) return null
  return new Date(utc).toISOString()
}

/** The Moscow calendar day (`2026-02-11`) of an instant. */
export function moscowDay(epochMs: number): string {
  return new Date(epochMs + moscowOffsetMs).toISOString().slice(0, 10)
}

/** Every Moscow day that [fromMs, toMs] touches, in order. */
export function moscowDays(fromMs: number, toMs: number): string[] {
  const days: string[] = []
  for (let t = fromMs; ; t += dayMs) {
    const day = moscowDay(Math.min(t, toMs))
    if (days.at(-1) !== day) days.push(day)
    if (t >= toMs) break
  }
  const last = moscowDay(toMs)
  if (days.at(-1) !== last) days.push(last)
  return days
}

/** The interval of instants a credit time stands for: a `day` credit covers its whole Moscow day. */
export function creditInterval(
  creditedAt: string,
  precision: 'second' | 'minute' | 'day' | undefined,
): {
  from: number
  to: number
} {
  const t = Date.parse(creditedAt)
  if (precision === 'day') {
    const start = Date.parse(`${moscowDay(t)}T00:00:00.000Z`) - moscowOffsetMs
    return { from: start, to: start + dayMs - 1 }
  }
  if (precision === 'minute') return { from: t, to: t + 59_999 }
  return { from: t, to: t }
}
