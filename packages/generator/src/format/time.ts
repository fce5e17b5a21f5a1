import { moscowOffsetSeconds } from '@rv/core/vocabulary'

/** Moscow time (core's offset, the one home: UTC+3 all year); every printed time on these receipts is Moscow time. */
export const MSK_OFFSET_MS = moscowOffsetSeconds * 1000

export interface Parts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

export function partsAt(epochMs: number, offsetMs: number): Parts {
  const d = new Date(epochMs + offsetMs)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  }
}

export const msk = (epochMs: number): Parts => partsAt(epochMs, MSK_OFFSET_MS)
export const utc = (epochMs: number): Parts => partsAt(epochMs, 0)

export const p2 = (n: number): string => String(n).padStart(2, '0')

/** `DD.MM.YYYY` */
export const dmy = (p: Parts): string => `${p2(p.day)}.${p2(p.month)}.${p.year}`
/** `HH:MM` */
export const hm = (p: Parts): string => `${p2(p.hour)}:${p2(p.minute)}`
/** `HH:MM:SS` */
export const hms = (p: Parts): string => `${hm(p)}:${p2(p.second)}`

/** PDF date `D:YYYYMMDDHHMMSS` followed by the given zone suffix (`+03'00'`, `Z`, `+00'00'`). */
export const pdfDate = (p: Parts, zone: string): string =>
  `D:${p.year}${p2(p.month)}${p2(p.day)}${p2(p.hour)}${p2(p.minute)}${p2(p.second)}${zone}`

/** Epoch ms of a Moscow wall-clock time. */
export const fromMsk = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number =>
  Date.UTC(year, month - 1, day, hour, minute, second) - MSK_OFFSET_MS

export const floorMinute = (epochMs: number): number => Math.floor(epochMs / 60_000) * 60_000

export const isoUtc = (epochMs: number): string => new Date(epochMs).toISOString().replace('.000Z', 'Z')
