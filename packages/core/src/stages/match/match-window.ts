/**
 * Time windows are UTC instants. A receipt time read from a printed minute (VTB, GPB, Ozon print no
 * seconds) stands for the whole minute, so the window matches when it overlaps that minute; a time with
 * seconds (SBP id, Alfa, T-Bank) is one instant.
 */
import type { Expectation, PaidAtSource } from '@rv/schemas'

export const defaultWindowToleranceSeconds = 900

type Window = NonNullable<Expectation['window']>

/** The interval [from, to] in epoch ms a window describes; open ends are infinite. */
export function windowBounds(window: Window): { from: number; to: number } {
  if ('at' in window && typeof window.at === 'string') {
    const at = Date.parse(window.at)
    const tolerance = (window.tolerance_seconds ?? defaultWindowToleranceSeconds) * 1000
    return { from: at - tolerance, to: at + tolerance }
  }
  const w = window as { from?: string; to?: string }
  return {
    from: w.from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(w.from),
    to: w.to === undefined ? Number.POSITIVE_INFINITY : Date.parse(w.to),
  }
}

/** Whether the receipt time (ISO 8601) can lie inside the window. */
export function matchWindow(paidAt: string, source: PaidAtSource | null, window: Window): boolean {
  const t = Date.parse(paidAt)
  if (Number.isNaN(t)) return false
  const minuteOnly = (source === 'printed' || source === 'metadata') && t % 60_000 === 0
  const end = minuteOnly ? t + 59_999 : t
  const { from, to } = windowBounds(window)
  return end >= from && t <= to
}
