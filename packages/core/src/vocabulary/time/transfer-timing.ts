/**
 * What a bank's system cannot do with time, and what it may do (FAMILIES.md, "How receipts live in the wild").
 * The one home of these bounds: extraction (is the SBP id consistent with the printed time?) and authenticity
 * (which timing finding is hard, which is weak) read them from here.
 *
 * - An SBP id is minted when a transfer is initiated; the receipt prints when it was executed. Execution is
 *   never before initiation, so an id whose time is after the printed completion, beyond the printing unit and
 *   the clocks' disagreement, is impossible.
 * - Execution may come later: banks must suspend transfers that match the Bank of Russia's fraud indicators for
 *   up to two days (rules in force since July 2024) and queue them during outages. A printed time up to
 *   MAX_HOLD_SECONDS after the id is a held transfer; only beyond that is it impossible.
 * - A receipt is generated from the executed operation, at any moment after it (payers download receipts from
 *   history weeks later): a file or a «Сформирована» time before the operation is impossible; any delay after
 *   it is not.
 */
import { moscowOffsetSeconds } from './moscow-time'

/**
 * How far two banking clocks (NSPK's and the bank's) may disagree: the id's time may be this much after the
 * printed completion (beyond its unit) on a genuine receipt. Observed: at most 9 s over 130 ids of five banks
 * (FAMILIES.md agreement table); five minutes leaves room for a bank whose clock drifts.
 */
export const CLOCK_SKEW_SECONDS = 300

/** Two days of a suspended transfer plus one day for queues and non-working days. */
export const MAX_HOLD_SECONDS = 3 * 86_400

/**
 * How far a file's CreationDate may lie before the printed operation on a genuine receipt: the clock skew,
 * plus Moscow's offset, because a server that writes its local time with a wrong zone designator (MSK as UTC)
 * is a defect a bank's build can have; a file created before the operation it prints is not.
 */
export const CREATION_BEFORE_TOLERANCE_SECONDS = moscowOffsetSeconds + CLOCK_SKEW_SECONDS

export type IdTiming =
  /** The id's time agrees with the printed time within the clocks' disagreement. */
  | { kind: 'agrees' }
  /** Printed after the id, within the hold bound: a transfer the bank held before executing it. */
  | { kind: 'held'; seconds: number }
  /** The id after the printed completion (beyond skew), or printed later than any hold allows. */
  | { kind: 'impossible'; reason: 'id_after_execution' | 'hold_too_long'; seconds: number }

/**
 * Classifies `slack` = id time − printed time beyond the printing unit (0 inside the unit; negative when the
 * receipt prints a later time than the id's). `freshMin` is the lowest slack of an immediately executed
 * transfer (a family's learned or default window): below it the transfer was held.
 */
export function classifyIdTiming(slack: number, freshMin: number): IdTiming {
  if (slack > CLOCK_SKEW_SECONDS) return { kind: 'impossible', reason: 'id_after_execution', seconds: slack }
  if (slack < -MAX_HOLD_SECONDS) return { kind: 'impossible', reason: 'hold_too_long', seconds: -slack }
  if (slack < freshMin) return { kind: 'held', seconds: -slack }
  return { kind: 'agrees' }
}

/** `created − operation` (seconds): impossible when the file predates the operation beyond the tolerance. */
export function createdBeforeOperation(createdAfterOperation: number): boolean {
  return createdAfterOperation < -CREATION_BEFORE_TOLERANCE_SECONDS
}

/**
 * `«Сформирована» − operation` (seconds): both times are printed by the same server in Moscow time, so only the
 * clocks' disagreement is allowed before the operation.
 */
export function generatedBeforeOperation(generatedAfterOperation: number): boolean {
  return generatedAfterOperation < -CLOCK_SKEW_SECONDS
}
