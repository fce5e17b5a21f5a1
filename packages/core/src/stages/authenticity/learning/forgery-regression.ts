/**
 * The forgery regression set's judgement: confirmed forgeries re-judged by a candidate fingerprint must not
 * get milder. A candidate is compared with the fingerprint judging now, on the same file with the same code,
 * so a change of the checks since the forgery was confirmed is not blamed on the candidate; `genuine` on a
 * confirmed forgery is a regression whatever the fingerprint said before.
 */

/** Verdicts from mildest to most severe; `unknown` (no fingerprint judged) sits below `suspicious`. */
const SEVERITY: Readonly<Record<string, number>> = { genuine: 0, unknown: 1, suspicious: 2, forged: 3 }

export function verdictSeverity(verdict: string | null | undefined): number {
  return SEVERITY[verdict ?? 'unknown'] ?? SEVERITY['unknown']!
}

export interface RegressionCase {
  id: string
  /** The machine's verdict when the forgery was confirmed (for the report). */
  verdictWas: string | null
  /** The verdict of the fingerprint judging now. */
  before: string
  /** The verdict of the candidate fingerprint. */
  after: string
}

export interface Regression extends RegressionCase {
  why: string
}

/** The cases a candidate makes milder: `genuine`, or less severe than the fingerprint judging now. */
export function forgeryRegressions(cases: readonly RegressionCase[]): Regression[] {
  const out: Regression[] = []
  for (const c of cases) {
    if (c.after === 'genuine') out.push({ ...c, why: 'a confirmed forgery would be judged genuine' })
    else if (verdictSeverity(c.after) < verdictSeverity(c.before))
      out.push({ ...c, why: `a confirmed forgery would be judged ${c.after}, milder than ${c.before}` })
  }
  return out
}
