/**
 * The verdict under a profile's check overrides. The authenticity stage marks each check hard or soft by
 * its own judgement; a profile may harden, soften or ignore a check by name, which can move the verdict
 * (a `soft`-ened hard failure turns forged into suspicious; an ignored one may leave it genuine).
 *
 * A scored assessment (one with the `verdict.score` summary, docs/authenticity.md) weighs its failed soft
 * checks into that summary: they are evidence, not findings of their own. The summary fails when their
 * score reached the suspicious threshold (and is hard when it reached the forged one), so it is the soft
 * finding; the soft checks that moved it are listed as `evidence`. Ignoring a soft check does not re-score
 * (the score is the stage's); ignoring `verdict.score` disregards the soft evidence as a whole.
 */
import type { DocumentAssessment, Profile, Verdict } from '@rv/schemas'

/** The name of the authenticity stage's summary check (authenticity/verdict-score.ts). */
export const SCORE_CHECK = 'verdict.score'

export interface EffectiveVerdict {
  verdict: Verdict | null
  /** Names of failed checks that count as hard / soft under the profile. */
  hardFailures: string[]
  softFailures: string[]
  /** Failed soft checks of a scored assessment: weighed into `verdict.score`, not findings by themselves. */
  evidence: string[]
}

export function effectiveVerdict(
  document: DocumentAssessment,
  overrides: Profile['checks'],
): EffectiveVerdict {
  const hardFailures: string[] = []
  const softFailures: string[] = []
  const evidence: string[] = []
  const scored = document.checks.some((c) => c.name === SCORE_CHECK)
  for (const check of document.checks) {
    if (check.passed) continue
    const override = overrides[check.name]
    const mode = override ?? (check.hard ? 'hard' : 'soft')
    if (mode === 'hard') hardFailures.push(check.name)
    else if (mode !== 'soft') continue
    // A stage-soft check of a scored assessment counts through the score, unless the profile names it.
    else if (scored && !check.hard && check.name !== SCORE_CHECK && override === undefined)
      evidence.push(check.name)
    else softFailures.push(check.name)
  }
  // No checks were run (unknown family, unreadable file): the stage's own verdict is all there is.
  if (document.checks.length === 0 || document.verdict === null || document.verdict === 'unknown') {
    return { verdict: document.verdict, hardFailures, softFailures, evidence }
  }
  const verdict: Verdict =
    hardFailures.length > 0 ? 'forged' : softFailures.length > 0 ? 'suspicious' : 'genuine'
  return { verdict, hardFailures, softFailures, evidence }
}
