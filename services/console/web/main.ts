import { api } from './api'
import { checkApiPath, checkIdFromPath } from './check-link'
import { checkPage } from './check-page'
import { renderDocument } from './document-view'
import { h, say } from './dom'
import { showField } from './field-highlight'
import { bindKeys, type KeyAction, keymap } from './keymap'
import { leadView } from './lead-view'
import { cycledEvidence, movedSelection, reasonForDigit, steppedField, zoomed } from './navigation'
import { passwordView } from './password-view'
import { queueView } from './queue-view'
import { signInView } from './sign-in-view'
import { state } from './state'
import type { CheckViewData, QueuePage } from './view-types'

const main = document.getElementById('main') as HTMLElement
const nav = document.getElementById('nav') as HTMLElement

async function loadQueue(): Promise<void> {
  const query = new URLSearchParams({ queue: state.queueName, ...state.filter })
  state.queue = await api.get<QueuePage>(`/api/queue?${query}`)
  state.selected = Math.min(state.selected, Math.max(0, state.queue.items.length - 1))
}

async function openCheck(checkId: string): Promise<void> {
  try {
    await api.post(checkApiPath(checkId, '/claim'))
  } catch (error) {
    say((error as Error).message)
  }
  state.check = await api.get<CheckViewData>(checkApiPath(checkId))
  state.view = 'check'
  state.draft = undefined
  state.evidence = 0
  state.field = undefined
  history.pushState({}, '', `/check/${checkId}`)
  await render()
}

async function showQueue(): Promise<void> {
  state.view = 'queue'
  state.check = undefined
  history.pushState({}, '', '/')
  await loadQueue()
  await render()
}

async function submitDecision(): Promise<void> {
  const check = state.check
  const draft = state.draft
  if (!check || !draft) return
  try {
    await api.post(checkApiPath(check.record.id, '/decisions'), {
      decision: draft.decision,
      reason_code: draft.reason,
      note: draft.note || null,
    })
  } catch (error) {
    say(`Not recorded: ${(error as Error).message}`)
    return
  }
  say(`Recorded: ${draft.decision} on ${check.record.id}`)
  // Focus moves on: the next check of the queue after the decided one, or back to the queue when none.
  await loadQueue()
  const next = state.queue?.items.find((i) => i.check_id !== check.record.id && !i.claimed_by)
  if (next) await openCheck(next.check_id)
  else await showQueue()
}

async function showLead(): Promise<void> {
  state.view = 'lead'
  await render()
}

async function showPassword(): Promise<void> {
  state.view = 'password'
  await render()
}

async function setQueue(queue: string): Promise<void> {
  state.queueName = queue
  state.selected = 0
  await loadQueue()
  await render()
}

async function render(): Promise<void> {
  nav.replaceChildren(
    ...(state.me
      ? [
          h('span', {}, `${state.me.email} · ${state.me.role}`),
          h('button', { type: 'button', onclick: () => void showQueue() }, 'Queue'),
          state.me.role === 'lead'
            ? h('button', { type: 'button', onclick: () => void showLead() }, 'Lead view')
            : null,
          h('button', { type: 'button', onclick: () => void showPassword() }, 'Password'),
          h(
            'button',
            { type: 'button', onclick: () => void api.signOut().then(() => location.assign('/')) },
            'Sign out',
          ),
        ].filter((x) => x !== null)
      : []),
  )
  if (!state.me) {
    main.replaceChildren(signInView(() => void start()))
    return
  }
  if (state.view === 'lead') {
    main.replaceChildren(await leadView())
  } else if (state.view === 'password') {
    // A changed password ends every session, this one too: sign in again with the new one.
    main.replaceChildren(
      passwordView(() => {
        state.me = undefined
        state.view = 'sign-in'
        history.pushState({}, '', '/')
        void render().then(() => say('Password changed: sign in with the new one'))
      }),
    )
  } else if (state.view === 'check' && state.check) {
    const { page, documentPane } = checkPage(state, state.check, checkActions)
    main.replaceChildren(page)
    const res = await fetch(checkApiPath(state.check.record.id, '/file'), { credentials: 'same-origin' })
    if (res.ok) {
      const bytes = new Uint8Array(await res.arrayBuffer())
      const type = res.headers.get('content-type') ?? 'application/octet-stream'
      await renderDocument(
        documentPane,
        { bytes, contentType: type },
        state.check.checks,
        state.zoom,
        selectCheck,
      )
      markActive()
      markField(false)
    } else documentPane.append(h('p', {}, 'The file could not be read.'))
  } else {
    main.replaceChildren(
      queueView(state, {
        setQueue: (q) => void setQueue(q),
        setFilter: (k, v) => {
          if (v) state.filter[k] = v
          else delete state.filter[k]
          void loadQueue().then(render)
        },
        open: (i) => void openCheck(state.queue?.items[i]?.check_id ?? ''),
      }),
    )
  }
  if (state.help) main.append(helpOverlay())
}

function selectCheck(name: string): void {
  const failed = state.check?.checks.filter((c) => !c.passed) ?? []
  const i = failed.findIndex((c) => c.name === name)
  if (i >= 0) state.evidence = i
  markActive()
}

/** The active check and its boxes, marked both ways, without re-rendering the document. */
function markActive(): void {
  const name = state.check?.checks.filter((c) => !c.passed)[state.evidence]?.name
  for (const el of document.querySelectorAll<HTMLElement>('[data-check]'))
    el.classList.toggle('active', el.dataset.check === name)
  document
    .querySelector<HTMLElement>(`.evidence[data-check="${CSS.escape(name ?? '')}"]`)
    ?.scrollIntoView({ block: 'center' })
}

/** The active field's row and its boxes on the page (field-highlight.ts). */
function markField(scroll: boolean): void {
  showField(
    state.check?.fields.find((f) => f.name === state.field),
    { scroll },
  )
}

function selectField(name: string): void {
  state.field = name
  markField(true)
}

const checkActions = {
  choose: (k: 'genuine' | 'forged' | 'escalate') => {
    state.draft = { decision: k, reason: null, note: state.draft?.note ?? '' }
    void render()
  },
  reason: (code: string) => {
    if (state.draft) state.draft.reason = code
  },
  note: (text: string) => {
    if (state.draft) state.draft.note = text
  },
  submit: () => void submitDecision(),
  selectCheck,
  selectField,
  back: () => void showQueue(),
}

function helpOverlay(): HTMLElement {
  return h(
    'aside',
    { class: 'help', role: 'dialog', 'aria-label': 'Keyboard shortcuts' },
    h('h2', {}, 'Keyboard'),
    h(
      'dl',
      {},
      keymap.flatMap((k) => [h('dt', {}, h('kbd', {}, k.key)), h('dd', {}, k.help)]),
    ),
  )
}

async function onKey(action: KeyAction, digit?: number): Promise<void> {
  if (!state.me) return
  const items = state.queue?.items ?? []
  const inCheck = state.view === 'check'
  switch (action) {
    case 'help':
      state.help = !state.help
      return render()
    case 'down':
    case 'up':
      if (inCheck) return
      state.selected = movedSelection(state.selected, items.length, action)
      return render()
    case 'open':
      if (!inCheck && items[state.selected]) return openCheck(items[state.selected]!.check_id)
      return
    case 'next': {
      const next = await api.post<{ check_id: string | null }>(`/api/next?queue=${state.queueName}`)
      if (next.check_id) return openCheck(next.check_id)
      say('Nothing unclaimed in this queue.')
      return
    }
    case 'genuine':
    case 'forged':
    case 'escalate':
      if (inCheck) checkActions.choose(action)
      return
    case 'reason': {
      const code = reasonForDigit(state.draft?.decision, digit)
      if (inCheck && state.draft && code) {
        state.draft.reason = code
        return render()
      }
      return
    }
    case 'submit':
      if (inCheck && state.draft) return submitDecision()
      return
    case 'previous-evidence':
    case 'next-evidence': {
      const n = state.check?.checks.filter((c) => !c.passed).length ?? 0
      if (!inCheck || n === 0) return
      state.evidence = cycledEvidence(state.evidence, n, action === 'next-evidence' ? 'next' : 'previous')
      return markActive()
    }
    case 'previous-field':
    case 'next-field': {
      const names = (state.check?.fields ?? []).map((f) => f.name)
      const next = steppedField(names, state.field, action === 'next-field' ? 'next' : 'previous')
      if (!inCheck || next === undefined) return
      selectField(next)
      document.querySelector<HTMLElement>(`tr[data-field="${CSS.escape(next)}"] button`)?.focus()
      return
    }
    case 'zoom-in':
    case 'zoom-out':
      if (!inCheck) return
      state.zoom = zoomed(state.zoom, action === 'zoom-in' ? 'in' : 'out')
      return render()
    case 'back':
      if (state.help) {
        state.help = false
        return render()
      }
      if (state.draft) {
        state.draft = undefined
        return render()
      }
      if (inCheck || state.view === 'lead' || state.view === 'password') return showQueue()
      return
  }
}

async function start(): Promise<void> {
  state.me = await api.me()
  if (!state.me) return render()
  const checkId = checkIdFromPath(location.pathname)
  await loadQueue()
  if (checkId) return openCheck(checkId)
  if (location.pathname !== '/') {
    history.replaceState({}, '', '/')
    say('Not a check address: the queue instead')
  }
  state.view = 'queue'
  return render()
}

bindKeys((action, digit) => void onKey(action, digit).catch((e: Error) => say(e.message)))
void start().catch((e: Error) => say(e.message))
