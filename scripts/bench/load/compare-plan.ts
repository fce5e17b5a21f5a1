/**
 * `--compare A,B`, `--compare-env 'A:K=V,K=V;B:K=V'`, `--rounds N`: two builds (git refs, or `worktree`
 * for the working tree as it is) and/or two service configurations, run alternately — A, B, A, B, ... —
 * on one stack at one rate, so their figures are a ratio measured side by side.
 *
 * `--compare-env` gives each side extra service environment: sides separated by `;`, each `A:` or `B:`
 * followed by `KEY=VALUE` pairs separated by `,` (a side may be empty, `A:`; values cannot hold `,` or
 * `;`). Without `--compare` both sides are the working tree. Two identical sides are allowed: an A/A run
 * shows the noise a ratio has on this machine.
 */

export type SideLabel = 'A' | 'B'

export interface CompareSide {
  label: SideLabel
  /** A git ref, or `worktree`. */
  ref: string
  env: Record<string, string>
}

export interface ComparePlan {
  sides: [CompareSide, CompareSide]
  /** Measured windows per side (default 2). */
  rounds: number
}

function parseRefs(raw: string): [string, string] {
  const refs = raw.split(',').map((r) => r.trim())
  if (refs.length !== 2 || refs.some((r) => r === '' || r.startsWith('-')))
    throw new Error(`--compare takes two refs, refA,refB (a git ref or "worktree"), got ${raw}`)
  return refs as [string, string]
}

export function parseCompareEnv(raw: string): Record<SideLabel, Record<string, string>> {
  const env: Record<SideLabel, Record<string, string>> = { A: {}, B: {} }
  const seen = new Set<string>()
  for (const part of raw.split(';').map((p) => p.trim())) {
    if (part === '') continue
    const match = /^([AB]):(.*)$/.exec(part)
    if (!match) throw new Error(`--compare-env: each side is "A:KEY=V,KEY=V" or "B:...", got "${part}"`)
    const label = match[1] as SideLabel
    if (seen.has(label)) throw new Error(`--compare-env: side ${label} given twice`)
    seen.add(label)
    for (const pair of (match[2] as string).split(',').map((p) => p.trim())) {
      if (pair === '') continue
      const eq = pair.indexOf('=')
      const key = pair.slice(0, eq)
      if (eq <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
        throw new Error(`--compare-env: "${pair}" is not KEY=VALUE`)
      env[label][key] = pair.slice(eq + 1)
    }
  }
  return env
}

/** The plan, or undefined when neither --compare nor --compare-env is given. */
export function parseComparePlan(args: {
  compare?: string | undefined
  compareEnv?: string | undefined
  rounds?: string | undefined
}): ComparePlan | undefined {
  if (args.compare === undefined && args.compareEnv === undefined) {
    if (args.rounds !== undefined) throw new Error('--rounds goes with --compare or --compare-env')
    return undefined
  }
  const [refA, refB] = args.compare === undefined ? ['worktree', 'worktree'] : parseRefs(args.compare)
  const env = args.compareEnv === undefined ? { A: {}, B: {} } : parseCompareEnv(args.compareEnv)
  const rounds = args.rounds === undefined ? 2 : Number(args.rounds)
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`--rounds must be an integer >= 1, got ${args.rounds}`)
  return {
    sides: [
      { label: 'A', ref: refA, env: env.A },
      { label: 'B', ref: refB, env: env.B },
    ],
    rounds,
  }
}

/** The order the windows run in: A, B, A, B, ... (`rounds` of each). */
export function roundOrder(plan: ComparePlan): CompareSide[] {
  return Array.from({ length: plan.rounds }, () => plan.sides).flat()
}
