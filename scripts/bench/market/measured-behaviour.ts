/**
 * Which behaviours a real receipt shows, by what it measures of itself: the file's time (CreationDate, or Alfa's
 * «Сформирована») after the printed time, the printed time after the SBP id's, T-Bank's counter length and
 * minutes-only time. Only the class is returned; the bench prints counts, never a value.
 */

/** What the classifier reads of a receipt (the core's printed facts, the Keywords, the text lines). */
export interface MeasuredFacts {
  bank: string
  /** File time − printed time, seconds (Alfa: «Сформирована»; others: CreationDate); null when unmeasured. */
  fileAfterPrinted: number | null
  /** Signed seconds the id's time lies outside the printed unit (negative: before it); null without both. */
  idTimeSlack: number | null
  /** The printed operation time's unit in seconds, when read (1 or 60). */
  printedPrecision: number | null
  keywords: string | undefined
  lines: readonly string[]
}

/** Later than this after the printed time, a file was downloaded later (fresh renderings take seconds). */
export const LATE_DOWNLOAD_S = 600
/** The id's time this far before the printed unit: the bank held the transfer (agreement is within −56 s). */
export const HELD_S = 120
/** The number that ends T-Bank's Keywords on the fresh downloads FAMILIES.md describes. */
const FRESH_COUNTER_DIGITS = 5
const MINUTES_ONLY = /^\d{2}\.\d{2}\.\d{4}\s+\d{2}:\d{2}$/

/** The timing class (exactly one) followed by T-Bank's other behaviours the receipt shows. */
export function measuredBehaviours(f: MeasuredFacts): string[] {
  const late = f.fileAfterPrinted !== null && f.fileAfterPrinted > LATE_DOWNLOAD_S
  const held = f.idTimeSlack !== null && f.idTimeSlack < -HELD_S
  const out = [held && late ? 'held_late_download' : held ? 'held_transfer' : late ? 'late_download' : 'none']
  if (f.bank !== 'tbank') return out
  const counter = f.keywords?.split('|').at(-1)?.trim()
  if (counter !== undefined && /^\d+$/.test(counter) && counter.length !== FRESH_COUNTER_DIGITS)
    out.push('counter_length')
  if (
    f.printedPrecision === 60 ||
    (f.printedPrecision === null && f.lines.some((l) => MINUTES_ONLY.test(l.trim())))
  )
    out.push('minutes_only')
  return out
}
