/**
 * The verdict under a profile's check overrides. The authenticity stage marks each check hard or soft by
 * its own judgement; a profile may harden, soften or ignore a check by name, which can move the verdict
 * (a `soft`-ened hard failure turns forged into suspicious; an ignored one may leave it genuine).
 */
import type { DocumentAssessment, Profile, Verdict } from '@rv/schemas'

export interface EffectiveVerdict {
  verdict: Verdict | null
  /** Names of failed checks that count as hard / soft under the profile. */
  hardFailures: string[]
  softFailures: string[]
}

export function effectiveVerdict(
  document: DocumentAssessment,
  overrides: Profile['checks'],
): EffectiveVerdict {
  const hardFailures: string[] = []
  const softFailures: string[] = []
  for (const check of document.checks) {
    if (check.passed) continue
    const mode = overrides[check.name] ?? (check.hard ? 'hard' : 'soft')
    if (mode === 'hard') hardFailures.push(check.name)
    else if (mode === 'soft') softFailures.push(check.name)
  }
  // No checks were run (unknown family, unreadable file): the stage's own verdict is all there is.
  if (document.checks.length === 0 || document.verdict === null || document.verdict === 'unknown') {
    return { verdict: document.verdict, hardFailures, softFailures }
  }
  const verdict: Verdict =
    hardFailures.length > 0 ? 'forged' : softFailures.length > 0 ? 'suspicious' : 'genuine'
  return { verdict, hardFailures, softFailures }
}
