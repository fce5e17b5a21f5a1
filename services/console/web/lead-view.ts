import { api } from './api'
import { formatAge, h } from './dom'

interface Group {
  decisions: number
  overruled: number
  overrule_rate: number | null
}
interface LeadStats {
  days: number
  queues: Record<string, { depth: number; oldest_age_seconds: number | null }>
  analysts: Record<string, { decisions: number; median_seconds_to_decision: number | null }>
  median_seconds_to_decision: number | null
  by_family: Record<string, Group>
  by_check: Record<string, Group>
}

const rate = (g: Group) => (g.overrule_rate === null ? '—' : `${(g.overrule_rate * 100).toFixed(0)}%`)

function table(caption: string, head: string[], rows: (string | number)[][]): HTMLElement {
  return h(
    'table',
    {},
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        head.map((t) => h('th', { scope: 'col' }, t)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((r) =>
        h(
          'tr',
          {},
          r.map((c) => h('td', {}, String(c))),
        ),
      ),
    ),
  )
}

/** The lead's figures (GET /api/lead/stats). */
export async function leadView(): Promise<HTMLElement> {
  const s = await api.get<LeadStats>('/api/lead/stats?days=7')
  const age = (x: number | null) => (x === null ? '—' : formatAge(Math.round(x)))
  return h(
    'section',
    { class: 'lead', 'aria-labelledby': 'lead-title' },
    h('h2', { id: 'lead-title' }, `Lead’s view (last ${s.days} days)`),
    table(
      'Queues',
      ['Queue', 'Depth', 'Oldest'],
      Object.entries(s.queues).map(([q, v]) => [q, v.depth, age(v.oldest_age_seconds)]),
    ),
    table(
      `Analysts (median time to decision ${age(s.median_seconds_to_decision)})`,
      ['Analyst', 'Decisions', 'Median time to decision'],
      Object.entries(s.analysts).map(([a, v]) => [a, v.decisions, age(v.median_seconds_to_decision)]),
    ),
    table(
      'Overrules per family',
      ['Family', 'Decisions', 'Overruled', 'Rate'],
      Object.entries(s.by_family).map(([k, g]) => [k, g.decisions, g.overruled, rate(g)]),
    ),
    table(
      'Overrules per failed check',
      ['Check', 'Decisions', 'Overruled', 'Rate'],
      Object.entries(s.by_check).map(([k, g]) => [k, g.decisions, g.overruled, rate(g)]),
    ),
  )
}
