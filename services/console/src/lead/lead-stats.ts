import type { CheckDecisionDocument, QueueEntryDocument } from '@rv/store'

/**
 * An analyst overrules the machine when a person calls genuine what the machine judged forged or suspicious,
 * or forged what it judged genuine. Escalations overrule nothing.
 */
export function overrules(d: Pick<CheckDecisionDocument, 'decision' | 'verdict_was'>): boolean {
  if (d.decision === 'genuine') return d.verdict_was === 'forged' || d.verdict_was === 'suspicious'
  if (d.decision === 'forged') return d.verdict_was === 'genuine'
  return false
}

const secondsToDecision = (d: CheckDecisionDocument) =>
  (d.decided_at.getTime() - d.completed_at.getTime()) / 1000

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole)

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** The lead's figures: queue depth and oldest age per lane, and the decisions' per-analyst, family and check rates. */
export function leadStats(
  lanes: Record<string, readonly QueueEntryDocument[]>,
  decisions: readonly CheckDecisionDocument[],
  now: Date,
) {
  const queues = Object.fromEntries(
    Object.entries(lanes).map(([lane, entries]) => [
      lane,
      {
        depth: entries.length,
        oldest_age_seconds: entries[0]
          ? Math.round((now.getTime() - entries[0].completed_at.getTime()) / 1000)
          : null,
      },
    ]),
  )
  const group = <K extends string>(key: (d: CheckDecisionDocument) => K[]) => {
    const out: Record<string, { decisions: number; overruled: number; overrule_rate: number | null }> = {}
    for (const d of decisions)
      for (const k of key(d)) {
        const g = out[k] ?? { decisions: 0, overruled: 0, overrule_rate: null }
        out[k] = g
        g.decisions += 1
        if (overrules(d)) g.overruled += 1
      }
    for (const g of Object.values(out)) g.overrule_rate = rate(g.overruled, g.decisions)
    return out
  }
  const analysts: Record<string, { decisions: number; median_seconds_to_decision: number | null }> = {}
  const byAnalyst = new Map<string, CheckDecisionDocument[]>()
  for (const d of decisions) byAnalyst.set(d.decided_by, [...(byAnalyst.get(d.decided_by) ?? []), d])
  for (const [email, ds] of byAnalyst)
    analysts[email] = { decisions: ds.length, median_seconds_to_decision: median(ds.map(secondsToDecision)) }
  return {
    queues,
    analysts,
    median_seconds_to_decision: median(decisions.map(secondsToDecision)),
    by_family: group((d) => [d.family ?? 'unknown']),
    by_check: group((d) => d.failed_checks),
  }
}
