/**
 * The few PromQL shapes the dashboard uses, evaluated over two scrapes (the window between them) instead of a
 * Prometheus: `sum by (…) (rate|increase(x[…]))`, `max by (…) (x)` and
 * `histogram_quantile(q, sum by (le, …) (rate(x_bucket[…])))`. For the dashboard snapshot only.
 */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** Samples of a Prometheus text exposition (comments skipped). */
export function parseExposition(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m) return []
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]),
    )
    return [{ name: m[1]!, labels, value: Number(m[3]) }]
  })
}

export type Series = { label: string; value: number }[]

const keyOf = (labels: Record<string, string>, by: string[]) => by.map((b) => labels[b] ?? '').join(' ')
const matches = (labels: Record<string, string>, filter: string | undefined) =>
  [...(filter ?? '').matchAll(/(\w+)(=~|=)"([^"]*)"/g)].every(([, k, op, v]) =>
    op === '=~' ? new RegExp(`^(?:${v})$`).test(labels[k!] ?? '') : labels[k!] === v,
  )

function grouped(
  before: Sample[],
  after: Sample[],
  name: string,
  by: string[],
  filter?: string,
): Map<string, number> {
  const id = (s: Sample) => `${JSON.stringify(s.labels)}`
  const start = new Map(before.filter((s) => s.name === name).map((s) => [id(s), s.value]))
  const sums = new Map<string, number>()
  for (const s of after.filter((x) => x.name === name && matches(x.labels, filter))) {
    const k = keyOf(s.labels, by)
    sums.set(k, (sums.get(k) ?? 0) + s.value - (start.get(id(s)) ?? 0))
  }
  return sums
}

/** Values of one panel expression over the window; undefined for a shape this evaluator does not know. */
export function evaluate(
  expr: string,
  before: Sample[],
  after: Sample[],
  seconds: number,
): Series | undefined {
  const split = (by: string) =>
    by
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean)
  let m = /^sum by \(([\w, ]+)\) \((rate|increase)\((\w+)(\{[^}]*\})?\[\w+\]\)\)$/.exec(expr)
  if (m) {
    const sums = grouped(before, after, m[3]!, split(m[1]!), m[4])
    return [...sums].map(([label, v]) => ({ label, value: m![2] === 'rate' ? v / seconds : v }))
  }
  m = /^max by \(([\w, ]+)\) \((\w+)\)$/.exec(expr)
  if (m) {
    const by = split(m[1]!)
    const max = new Map<string, number>()
    for (const s of after.filter((x) => x.name === m![2])) {
      const k = keyOf(s.labels, by)
      max.set(k, Math.max(max.get(k) ?? Number.NEGATIVE_INFINITY, s.value))
    }
    return [...max].map(([label, value]) => ({ label, value }))
  }
  m = /^histogram_quantile\(([\d.]+), sum by \(le(?:, ([\w, ]+))?\) \(rate\((\w+)\[\w+\]\)\)\)$/.exec(expr)
  if (m) {
    const q = Number(m[1])
    const by = split(m[2] ?? '')
    const buckets = grouped(before, after, m[3]!, [...by, 'le'])
    const groups = new Map<string, { le: number; count: number }[]>()
    for (const [k, count] of buckets) {
      const parts = k.split(' ')
      const le = parts.pop() as string
      const g = parts.join(' ')
      groups.set(g, [
        ...(groups.get(g) ?? []),
        { le: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), count },
      ])
    }
    return [...groups].flatMap(([label, bs]) => {
      const sorted = bs.sort((a, b) => a.le - b.le)
      const total = sorted.at(-1)?.count ?? 0
      if (total === 0) return []
      const at = sorted.find((b) => b.count >= q * total)
      return [
        {
          label: `${label ? `${label} ` : ''}p${Math.round(q * 100)}`,
          value: at && Number.isFinite(at.le) ? at.le : (sorted.at(-2)?.le ?? 0),
        },
      ]
    })
  }
  return undefined
}
