/**
 * The timing checks of a family's receipt, one-sided as the world is (timing/transfer-timing.ts):
 * - hard: an SBP id minted after the printed completion (beyond the unit and clock skew), a printed time later
 *   than any hold allows, a file (CreationDate) or a «Сформирована» time before the operation it prints;
 * - soft, learned: the id after the printed time by more than the family's fresh receipts show, and the learned
 *   lower bounds of CreationDate and «Сформирована» (the file is rendered right after the operation);
 * - weak (WEAK_TIMING_CHECKS): a held transfer (printed after the id) and a late download (CreationDate long
 *   after the operation). Both are what genuine payers and banks do; they are shown in the detail and never
 *   make a receipt suspicious alone.
 */
import type { CheckResult } from '@rv/schemas'
import {
  CLOCK_SKEW_SECONDS,
  CREATION_BEFORE_TOLERANCE_SECONDS,
  classifyIdTiming,
  createdBeforeOperation,
  generatedBeforeOperation,
  type IdTiming,
  MAX_HOLD_SECONDS,
} from '../../../vocabulary/time/transfer-timing'
import type { PrintedFacts } from '../features/printed-facts'
import { where } from '../features/printed-values'
import type { Fingerprint } from '../fingerprint/fingerprint'

/** Checks whose failure is at most weak evidence (verdict-score.ts credits them with WEAK_FALSE_ALARM). */
export const WEAK_TIMING_CHECKS: ReadonlySet<string> = new Set([
  'semantics.execution_delay',
  'generator.creation_delay',
])

function fmtSeconds(s: number): string {
  return `${s >= 0 ? '+' : ''}${s} s`
}

function fmtDuration(s: number): string {
  const a = Math.abs(s)
  if (a < 120) return `${a} s`
  if (a < 2 * 3600) return `${Math.round(a / 60)} min`
  if (a < 2 * 86_400) return `${(a / 3600).toFixed(1)} h`
  return `${(a / 86_400).toFixed(1)} days`
}

export function timingChecks(facts: PrintedFacts, sem: Fingerprint['semantics']): CheckResult[] {
  return [...idTimeChecks(facts, sem), ...creationChecks(facts, sem), ...generatedChecks(facts, sem)]
}

function idTimeChecks(facts: PrintedFacts, sem: Fingerprint['semantics']): CheckResult[] {
  if (facts.idTimeSlack === null || !facts.operation) return []
  const slack = facts.idTimeSlack
  const out: CheckResult[] = []
  const unit = facts.operation.precision === 1 ? 'seconds' : 'minutes'
  const at = `id at ${where(facts.sbpId!.segment)}, time at ${where(facts.operation.segment)}`
  const e = sem.idTimeSlack
  if (e) {
    out.push({
      name: 'semantics.sbp_id_time',
      hard: false,
      passed: slack <= e.max,
      detail: `SBP id time (UTC) vs printed operation time (MSK−3 h, ${unit}): the id expected no later than ${e.max} s after the printed unit (a fresh receipt's envelope ${e.min}…${e.max} s); found ${fmtSeconds(slack)} (${at})`,
    })
  }
  const timing = classifyIdTiming(slack, e?.min ?? -CLOCK_SKEW_SECONDS)
  out.push({
    name: 'semantics.execution_delay',
    hard: false,
    passed: timing.kind !== 'held',
    detail:
      timing.kind === 'held'
        ? `printed operation time ${fmtDuration(timing.seconds)} after the SBP id's time: a transfer the bank held before executing it (banks hold up to two days); weak evidence`
        : 'printed operation time within the fresh envelope of the SBP id time',
  })
  out.push(sbpIdContradiction(slack, timing))
  return out
}

/**
 * The hard SBP id check, for a family's receipt and for a bank without a family alike: `slack` = id time −
 * printed time beyond its unit; `timing` its classification (a family knows its fresh window, the
 * bank-independent checks do not, which changes only whether a hold is weak evidence, never this check).
 */
export function sbpIdContradiction(
  slack: number,
  timing: IdTiming = classifyIdTiming(slack, -MAX_HOLD_SECONDS),
): CheckResult {
  return {
    name: 'semantics.sbp_id_time_contradiction',
    hard: true,
    passed: timing.kind !== 'impossible',
    detail:
      timing.kind !== 'impossible'
        ? `SBP id time (UTC) vs printed operation time (MSK): expected the id at most ${CLOCK_SKEW_SECONDS} s after the printed unit and at most ${MAX_HOLD_SECONDS / 86_400} days before it; found ${fmtSeconds(slack)}`
        : timing.reason === 'id_after_execution'
          ? `SBP id minted ${fmtDuration(timing.seconds)} after the printed completion: an id is minted when the transfer starts, never after it was executed (clock skew allowed: ${CLOCK_SKEW_SECONDS} s)`
          : `printed operation time ${fmtDuration(timing.seconds)} after the SBP id: longer than any bank may hold a transfer (${MAX_HOLD_SECONDS / 86_400} days)`,
  }
}

function creationChecks(facts: PrintedFacts, sem: Fingerprint['semantics']): CheckResult[] {
  if (facts.creationAfterOperation === null) return []
  const d = facts.creationAfterOperation
  const out: CheckResult[] = [
    {
      name: 'generator.creation_predates_operation',
      hard: true,
      passed: !createdBeforeOperation(d),
      detail: `CreationDate − printed operation time: a receipt is generated from the executed operation, so expected ≥ −${CREATION_BEFORE_TOLERANCE_SECONDS} s (clock skew and a server's zone designator); found ${fmtSeconds(d)}`,
    },
  ]
  const e = sem.creationAfterOperation
  if (!e) return out
  out.push(
    {
      name: 'generator.creation_before_operation',
      hard: false,
      passed: d >= e.min,
      detail: `CreationDate − printed operation time: expected ≥ ${e.min} s; found ${fmtSeconds(d)}`,
    },
    {
      name: 'generator.creation_delay',
      hard: false,
      passed: d <= e.max,
      detail:
        d <= e.max
          ? `CreationDate − printed operation time: within the sampled ${e.max} s; found ${fmtSeconds(d)}`
          : `CreationDate ${fmtDuration(d)} after the printed operation: a receipt downloaded later from history (the sampled receipts were made within ${fmtDuration(e.max)}); weak evidence`,
    },
  )
  return out
}

function generatedChecks(facts: PrintedFacts, sem: Fingerprint['semantics']): CheckResult[] {
  if (facts.generatedAfterOperation === null) return []
  const d = facts.generatedAfterOperation
  const out: CheckResult[] = [
    {
      name: 'semantics.generated_predates_operation',
      hard: true,
      passed: !generatedBeforeOperation(d),
      detail: `«Сформирована» − operation time: a receipt is generated after the operation, so expected ≥ −${CLOCK_SKEW_SECONDS} s; found ${fmtSeconds(d)}`,
    },
  ]
  const e = sem.generatedAfterOperation
  if (e) {
    out.push({
      name: 'semantics.generated_after_operation',
      hard: false,
      passed: d >= e.min,
      detail: `«Сформирована» − operation time: expected ≥ ${e.min} s; found ${fmtSeconds(d)}`,
    })
  }
  return out
}
