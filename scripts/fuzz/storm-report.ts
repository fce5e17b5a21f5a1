/**
 * What a fuzz target reports (counts by status, 5xx, the services' memory) and when it fails. Pure: the
 * campaign prints `formatTargetReport` and exits non-zero when `targetFailures` is not empty.
 */
import { type MemoryRow, unboundedMemory } from './service-memory'

/** Answers counted by `<input kind> <status> <error code>`; a client-side failure is status `network_error:<name>`. */
export class AnswerTally {
  readonly answers = new Map<string, number>()
  readonly fiveHundreds: string[] = []
  sent = 0

  record(input: string, status: number | string, code = '', index?: number): void {
    this.sent += 1
    const key = `${input} ${status} ${code}`.trim()
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1)
    if (typeof status === 'number' && status >= 500)
      this.fiveHundreds.push(`${index === undefined ? '' : `#${index} `}${key}`)
  }

  /** Responses by status alone (`202`, `422`, `network_error:TypeError`). */
  byStatus(): Map<string, number> {
    const out = new Map<string, number>()
    for (const [key, n] of this.answers) {
      const status = key.split(' ')[1] ?? '?'
      out.set(status, (out.get(status) ?? 0) + n)
    }
    return out
  }
}

export interface TargetResult {
  target: string
  seconds: number
  tally: AnswerTally
  memory: MemoryRow[]
  /** The documented bound on RSS growth (after − before, MB) of each watched service. */
  boundMb: number
  /** Target-specific findings (an analyst refused, a credit not stored, another tenant's credit changed). */
  problems: string[]
}

const table = (rows: ReadonlyMap<string, number>) =>
  [...rows.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `  ${String(n).padStart(6)}  ${k}`)
    .join('\n')

export function formatTargetReport(r: TargetResult): string {
  const memory = r.memory
    .map(
      (m) =>
        `  ${m.name.padEnd(13)} ${m.before.toFixed(0).padStart(5)} -> ${m.after.toFixed(0).padStart(5)}` +
        `  (peak ${m.peak.toFixed(0)}, growth ${(m.after - m.before).toFixed(0)})`,
    )
    .join('\n')
  return [
    `\n== ${r.target}: ${r.tally.sent} requests in ${r.seconds.toFixed(0)} s, ${r.tally.fiveHundreds.length} 5xx`,
    `responses by status:\n${table(r.tally.byStatus())}`,
    `answers (input, status, code):\n${table(r.tally.answers)}`,
    `service memory (RSS of the process tree, MB: before -> after; bound: growth <= ${r.boundMb}):\n${memory}`,
    ...r.problems.map((p) => `problem: ${p}`),
  ].join('\n')
}

/** Why the target fails: any 5xx, a service grown past the bound or gone, a target-specific problem. */
export function targetFailures(r: TargetResult): string[] {
  return [
    ...(r.tally.fiveHundreds.length > 0
      ? [`${r.tally.fiveHundreds.length} 5xx: ${r.tally.fiveHundreds.slice(0, 10).join('; ')}`]
      : []),
    ...unboundedMemory(r.memory, r.boundMb),
    ...r.problems,
  ].map((f) => `${r.target}: ${f}`)
}
