import { decisionReasons } from '@rv/core/review'
import { cssId } from './document-view'
import { h } from './dom'
import { fieldRowId } from './field-highlight'
import type { ConsoleState } from './state'
import type { CheckViewData, ExplainedCheck } from './view-types'

const pct = (rate: number) => `${(rate * 100).toFixed(rate < 0.01 ? 2 : 1)}%`

function checkItem(c: ExplainedCheck, active: boolean, onSelect: (name: string) => void): HTMLElement {
  return h(
    'li',
    {
      id: `check-${cssId(c.name)}`,
      class: `check ${c.passed ? 'passed' : 'failed'}${active ? ' active' : ''}`,
      'data-check': c.name,
    },
    h(
      'button',
      {
        type: 'button',
        class: 'check-name',
        'aria-pressed': String(active),
        onclick: () => onSelect(c.name),
      },
      `${c.passed ? '✓' : '✗'} ${c.name}`,
    ),
    h('span', { class: 'tag' }, c.hard ? 'hard' : 'soft'),
    c.falseAlarm
      ? h('span', { class: 'tag' }, `false alarms ${pct(c.falseAlarm.rate)} (${c.falseAlarm.basis})`)
      : null,
    c.boxes.length
      ? h('span', { class: 'tag' }, `${c.boxes.length} box${c.boxes.length > 1 ? 'es' : ''} on the page`)
      : null,
    h('p', { class: 'meaning' }, c.meaning),
    h('p', { class: 'detail' }, c.detail),
  )
}

function fieldsTable(
  v: CheckViewData,
  active: string | undefined,
  onSelect: (name: string) => void,
): HTMLElement {
  const flagOf: Record<string, string> = {
    recipient_name: 'recipient',
    paid_at: 'window',
    status_ok: 'status',
  }
  return h(
    'table',
    { class: 'fields' },
    h('caption', {}, 'Fields read, beside the expectation (select one to see where it was read)'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Field', 'Read', 'Expected', 'Match', 'Confidence'].map((t) => h('th', { scope: 'col' }, t)),
      ),
    ),
    h(
      'tbody',
      {},
      v.fields.map((f) => {
        const flag = v.match[flagOf[f.name] ?? f.name]
        // Nothing read, nothing to place; a value read somewhere the reading did not record says so.
        const unplaced = f.value !== null && f.locations.length === 0
        return h(
          'tr',
          { id: fieldRowId(f.name), 'data-field': f.name, class: f.name === active ? 'active' : '' },
          h(
            'th',
            { scope: 'row' },
            h(
              'button',
              {
                type: 'button',
                class: 'field-name',
                'aria-pressed': String(f.name === active),
                title: unplaced ? 'Where it was read is not known' : 'Show where it was read',
                onclick: () => onSelect(f.name),
              },
              f.name,
            ),
            unplaced ? h('span', { class: 'unlocated' }, ' (place not known)') : null,
          ),
          h('td', {}, f.value === null ? '—' : String(f.value)),
          h('td', {}, f.expected === null || f.expected === undefined ? '' : JSON.stringify(f.expected)),
          h(
            'td',
            { class: flag === false ? 'bad' : '' },
            flag === undefined || flag === null ? '' : flag ? 'yes' : 'NO',
          ),
          h('td', { class: 'num' }, f.confidence === null ? '' : f.confidence.toFixed(2)),
        )
      }),
    ),
  )
}

export function decisionPanel(s: ConsoleState, actions: CheckPageActions): HTMLElement {
  const d = s.draft
  const reasons = d ? decisionReasons.filter((r) => r.for === d.decision) : []
  return h(
    'section',
    { class: 'decision', 'aria-labelledby': 'decision-title' },
    h('h3', { id: 'decision-title' }, 'Decision'),
    h(
      'div',
      { class: 'tabs', role: 'group', 'aria-label': 'Decision' },
      (['genuine', 'forged', 'escalate'] as const).map((k) =>
        h(
          'button',
          { type: 'button', 'aria-pressed': String(d?.decision === k), onclick: () => actions.choose(k) },
          `${k} (${k[0]})`,
        ),
      ),
    ),
    d
      ? h(
          'fieldset',
          {},
          h('legend', {}, 'Reason (digits)'),
          reasons.map((r, i) =>
            h(
              'label',
              { class: 'reason' },
              h('input', {
                type: 'radio',
                name: 'reason',
                value: r.code,
                checked: d.reason === r.code,
                onchange: () => actions.reason(r.code),
              }),
              ` ${i + 1}. ${r.label}`,
            ),
          ),
        )
      : null,
    d
      ? h(
          'div',
          {},
          h('label', { for: 'note' }, 'Note'),
          h(
            'textarea',
            {
              id: 'note',
              rows: 2,
              oninput: (e: Event) => actions.note((e.target as HTMLTextAreaElement).value),
            },
            d.note,
          ),
          h(
            'button',
            { type: 'button', class: 'primary', onclick: () => actions.submit() },
            'Record decision (Enter)',
          ),
        )
      : h('p', {}, 'g genuine · f forged · e escalate'),
  )
}

export interface CheckPageActions {
  choose: (k: 'genuine' | 'forged' | 'escalate') => void
  reason: (code: string) => void
  note: (text: string) => void
  submit: () => void
  selectCheck: (name: string) => void
  selectField: (name: string) => void
  back: () => void
}

/** The check view: document left (filled by document-view.ts), everything the analyst weighs on the right. */
export function checkPage(
  s: ConsoleState,
  v: CheckViewData,
  actions: CheckPageActions,
): { page: HTMLElement; documentPane: HTMLElement } {
  const documentPane = h('div', { class: 'document', role: 'region', 'aria-label': 'Document with evidence' })
  const page = h(
    'section',
    { class: 'check-view', 'aria-labelledby': 'check-title' },
    checkHead(v, actions),
    h(
      'div',
      { class: 'columns' },
      documentPane,
      h(
        'div',
        { class: 'side' },
        decisionPanel(s, actions),
        ...checkLists(s, v, actions),
        fieldsTable(v, s.field, actions.selectField),
        replaySection(v),
        fileSection(v),
        decisionsSection(v),
      ),
    ),
  )
  return { page, documentPane }
}

/** Back to the queue, the check's id, its verdict, recommendation, family and who holds it. */
function checkHead(v: CheckViewData, actions: CheckPageActions): HTMLElement {
  return h(
    'div',
    { class: 'check-head' },
    h('button', { type: 'button', onclick: () => actions.back() }, '← Queue (Esc)'),
    h('h2', { id: 'check-title' }, `Check ${v.record.id}`),
    h('span', { class: 'tag' }, `verdict ${v.record.document.verdict ?? '—'}`),
    h('span', { class: 'tag' }, `recommendation ${v.record.recommendation ?? '—'}`),
    h('span', { class: 'tag' }, v.record.document.family ?? 'no family'),
    v.queue?.held_by ? h('span', { class: 'tag' }, `claimed by ${v.queue.held_by}`) : null,
  )
}

/** The failed checks (the one whose evidence is shown marked), then the passed ones folded away. */
function checkLists(s: ConsoleState, v: CheckViewData, actions: CheckPageActions): HTMLElement[] {
  const failed = v.checks.filter((c) => !c.passed)
  const active = failed[s.evidence]?.name
  return [
    h('h3', {}, `Checks (${failed.length} failed of ${v.checks.length})`),
    h(
      'ul',
      { class: 'checks' },
      failed.map((c) => checkItem(c, c.name === active, actions.selectCheck)),
    ),
    h(
      'details',
      {},
      h('summary', {}, `Passed checks (${v.checks.length - failed.length})`),
      h(
        'ul',
        { class: 'checks' },
        v.checks.filter((c) => c.passed).map((c) => checkItem(c, false, actions.selectCheck)),
      ),
    ),
  ]
}

function replaySection(v: CheckViewData): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'replay-title' },
    h('h3', { id: 'replay-title' }, 'Replay'),
    v.replay.seen_before
      ? h(
          'p',
          {},
          'Seen before: repeats ',
          v.replay.duplicate_of
            ? h('a', { href: `/check/${v.replay.duplicate_of}` }, v.replay.duplicate_of)
            : 'an earlier check',
          ` (keys: ${v.replay.keys_matched.join(', ')})`,
        )
      : h('p', {}, v.replay.seen_before === false ? 'Not seen before.' : 'Replay not reported.'),
  )
}

function fileSection(v: CheckViewData): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'file-title' },
    h('h3', { id: 'file-title' }, 'File'),
    h(
      'dl',
      { class: 'file' },
      Object.entries(v.file).flatMap(([k, val]) =>
        val === null ? [] : [h('dt', {}, k), h('dd', {}, String(val))],
      ),
    ),
  )
}

/** The decisions recorded on the check so far, oldest first. */
function decisionsSection(v: CheckViewData): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': 'history-title' },
    h('h3', { id: 'history-title' }, 'Decisions'),
    v.decisions.length
      ? h(
          'ol',
          {},
          v.decisions.map((d) =>
            h(
              'li',
              {},
              `${d.decision}${d.reason_code ? ` (${d.reason_code})` : ''} by ${d.decided_by} at ${d.decided_at}`,
            ),
          ),
        )
      : h('p', {}, 'None yet.'),
  )
}
