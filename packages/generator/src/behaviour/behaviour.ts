/**
 * Behaviours: what real life does to a genuine receipt after the bank's first, fresh rendering (FAMILIES.md, "How
 * receipts live in the wild"). Each one moves every field the bank derives from the same moment together:
 *  - a late download: the file is generated when the payer downloads it from the history (T-Bank CreationDate =
 *    ModDate = Keywords' time; Alfa «Сформирована» and `AM_<epoch ms>`; VTB CreationDate; Gazprombank
 *    CreationDate = ModDate and the XMP dates; Ozon CreationDate = ModDate and the file name);
 *  - a held transfer: the bank executes it after the SBP id was minted, so the printed time and everything
 *    derived from it (file names, CreationDate, Keywords, Alfa's operation number) are later by the hold; the id
 *    is the one the transfer got when it was initiated;
 *  - T-Bank's counter of another length (the last field of Keywords) and its minutes-only printed time.
 * Without a behaviour the generator's output is what it always was, byte for byte.
 */
import { Rng } from '../random/rng'

export interface Behaviour {
  /** The payer downloaded the receipt this long (ms) after the bank's first rendering of it. */
  downloadDelayMs?: number
  /** The bank executed the transfer this long (ms) after the SBP id was minted. */
  holdMs?: number
  /** T-Bank: digits of the number that ends Keywords (1–7; the corpus shows 3–5, fresh downloads 5). */
  counterDigits?: number
  /** T-Bank: the operation time printed as `DD.MM.YYYY HH:MM`, without seconds. */
  minutesOnly?: boolean
}

/** How much later than the operation the file's last moment can be: operations are drawn this much earlier. */
export function behaviourRoomMs(b: Behaviour): number {
  return Math.max(0, b.holdMs ?? 0) + Math.max(0, b.downloadDelayMs ?? 0)
}

export function validateBehaviour(b: Behaviour): void {
  for (const key of ['downloadDelayMs', 'holdMs'] as const) {
    const v = b[key]
    if (v !== undefined && !(Number.isInteger(v) && v >= 0))
      throw new Error(`behaviour.${key} must be ms ≥ 0: ${v}`)
  }
  const d = b.counterDigits
  if (d !== undefined && !(Number.isInteger(d) && d >= 1 && d <= 7))
    throw new Error(`behaviour.counterDigits must be 1–7: ${d}`)
}

/** A number of exactly `digits` digits (no leading zero), as T-Bank writes the last field of Keywords. */
export function counterOf(rng: Rng, digits: number): string {
  return String(rng.int(digits === 1 ? 1 : 10 ** (digits - 1), 10 ** digits - 1))
}

/** The named behaviours the market bench runs, alone and combined. */
export const behaviourKinds = [
  'late_download',
  'held_transfer',
  'held_late_download',
  'counter_length',
  'minutes_only',
  'late_download_counter',
] as const

export type BehaviourKind = (typeof behaviourKinds)[number]

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Minutes to months, log-uniform, so every decade of delay is as likely. */
function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.round(Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo))) / 1000) * 1000
}

/**
 * One concrete behaviour of a kind, drawn from its own seed: downloads 2 minutes to 6 months late, holds
 * 2 minutes to 2 days (FAMILIES.md: 202 s to 2.4 h observed; up to two days allowed), counters of 1–7 digits; the
 * combinations a hold then a download 1–60 days later, and a late download with a counter of other than 5 digits.
 */
export function drawBehaviour(kind: BehaviourKind, seed: string | number): Behaviour {
  const rng = new Rng(`behaviour/${kind}/${seed}`)
  switch (kind) {
    case 'late_download':
      return { downloadDelayMs: logUniform(rng, 2 * MINUTE, 180 * DAY) }
    case 'held_transfer':
      return { holdMs: logUniform(rng, 2 * MINUTE, 2 * DAY) }
    case 'held_late_download':
      return { holdMs: logUniform(rng, 2 * MINUTE, 2 * DAY), downloadDelayMs: logUniform(rng, DAY, 60 * DAY) }
    case 'counter_length':
      return { counterDigits: rng.int(1, 7) }
    case 'minutes_only':
      return { minutesOnly: true }
    case 'late_download_counter':
      // T-Bank's history downloads: late, and with a counter whose length is not the fresh downloads' five
      return {
        downloadDelayMs: logUniform(rng, 2 * MINUTE, 180 * DAY),
        counterDigits: rng.pick([1, 2, 3, 4, 6, 7]),
      }
  }
}
