import { formatAge, h } from './dom'
import type { ConsoleState } from './state'

/** The reasons a row shows: the decision's own codes, and how many checks failed (the list is in the check view). */
export function summariseReasons(reasons: readonly string[]): string {
  const failed = reasons.filter((r) => r.startsWith('check_failed:')).length
  const own = reasons.filter((r) => !r.startsWith('check_failed:'))
  return [...own, ...(failed ? [`${failed} check${failed > 1 ? 's' : ''} failed`] : [])].join(', ')
}

const facets = ['verdict', 'family', 'bank', 'reason'] as const
const queues = ['review', 'reject', 'failed', 'escalated'] as const

type QueueActions = {
  setQueue: (q: string) => void
  setFilter: (k: string, v: string) => void
  open: (i: number) => void
}

/** The queue: oldest first with age, filters with counts, the selected row marked (j/k move it, o opens). */
export function queueView(s: ConsoleState, actions: QueueActions): HTMLElement {
  const page = s.queue
  const tabs = queueTabs(s, actions)
  const filters = queueFilters(s, actions)
  const rows = (page?.items ?? []).map((item, i) => queueRow(s, item, i, actions))
  return h(
    'section',
    { class: 'queue', 'aria-labelledby': 'queue-title' },
    h(
      'h2',
      { id: 'queue-title' },
      `Queue: ${s.queueName} (${page?.items.length ?? 0} of ${page?.total ?? 0})`,
    ),
    tabs,
    filters,
    h(
      'table',
      { class: 'queue-table' },
      h('caption', {}, 'Oldest first. j/k move, o opens, n opens the oldest unclaimed, ? help.'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Check', 'Age', 'Verdict', 'Family', 'Amount', 'Reasons', 'Claimed by'].map((t) =>
            h('th', { scope: 'col' }, t),
          ),
        ),
      ),
      h('tbody', {}, rows),
    ),
    rows.length === 0 ? h('p', {}, 'Nothing waiting here.') : null,
  )
}

/** One button per queue, the current one pressed. */
function queueTabs(s: ConsoleState, actions: QueueActions): HTMLElement {
  return h(
    'div',
    { class: 'tabs', role: 'group', 'aria-label': 'Queues' },
    queues.map((q) =>
      h(
        'button',
        { type: 'button', 'aria-pressed': String(s.queueName === q), onclick: () => actions.setQueue(q) },
        q,
      ),
    ),
  )
}

/** A select per facet with its counts, then the amount and date bounds. */
function queueFilters(s: ConsoleState, actions: QueueActions): HTMLElement {
  const page = s.queue
  return h(
    'form',
    { class: 'filters', 'aria-label': 'Filters', onsubmit: (e: Event) => e.preventDefault() },
    facets.map((f) => {
      const counts = page?.counts[f] ?? {}
      const select = h(
        'select',
        {
          id: `filter-${f}`,
          onchange: (e: Event) => actions.setFilter(f, (e.target as HTMLSelectElement).value),
        },
        h('option', { value: '' }, `any (${page?.total ?? 0})`),
        Object.entries(counts).map(([v, n]) =>
          h('option', { value: v, selected: s.filter[f] === v }, `${v} (${n})`),
        ),
      )
      return h('span', { class: 'filter' }, h('label', { for: `filter-${f}` }, f), select)
    }),
    ...(['min_amount', 'max_amount', 'from', 'to'] as const).map((f) => {
      const input = h('input', {
        id: `filter-${f}`,
        type: f.endsWith('amount') ? 'number' : 'date',
        value: s.filter[f] ?? '',
        onchange: (e: Event) => actions.setFilter(f, (e.target as HTMLInputElement).value),
      })
      return h('span', { class: 'filter' }, h('label', { for: `filter-${f}` }, f.replace('_', ' ')), input)
    }),
  )
}

type QueueItem = NonNullable<ConsoleState['queue']>['items'][number]

/** A row of the queue: the check (a link that opens it), its age, verdict, family, amount, reasons, claimer. */
function queueRow(s: ConsoleState, item: QueueItem, i: number, actions: QueueActions): HTMLElement {
  return h(
    'tr',
    {
      class: i === s.selected ? 'selected' : '',
      'aria-selected': String(i === s.selected),
      'data-check-id': item.check_id,
    },
    h(
      'td',
      {},
      h(
        'a',
        {
          href: `/check/${item.check_id}`,
          onclick: (e: Event) => {
            e.preventDefault()
            actions.open(i)
          },
        },
        item.check_id,
      ),
    ),
    h('td', {}, formatAge(item.age_seconds)),
    h('td', {}, item.verdict ?? '—'),
    h('td', {}, item.family ?? '—'),
    h('td', { class: 'num' }, item.amount === null ? '—' : item.amount.toLocaleString('en-US')),
    h('td', {}, summariseReasons(item.reasons)),
    h('td', {}, item.claimed_by ?? ''),
  )
}
