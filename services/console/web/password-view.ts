import { api } from './api'
import { h } from './dom'

/** One's own password: the current one, the new one twice (12 characters or more). */
export function passwordView(onChanged: () => void): HTMLElement {
  const field = (id: string, autocomplete: string) =>
    h('input', { id, type: 'password', name: id, autocomplete, required: true, minlength: 12 })
  const current = field('current-password', 'current-password')
  const next = field('new-password', 'new-password')
  const repeat = field('repeat-password', 'new-password')
  const error = h('p', { class: 'error', role: 'alert' })
  const form = h(
    'form',
    {
      class: 'sign-in',
      'aria-labelledby': 'password-title',
      onsubmit: async (e: Event) => {
        e.preventDefault()
        if (next.value !== repeat.value) {
          error.textContent = 'The new password and its repetition differ'
          return
        }
        try {
          await api.post('/api/password', { current: current.value, password: next.value })
          onChanged()
        } catch (err) {
          error.textContent = (err as Error).message
        }
      },
    },
    h('h2', { id: 'password-title' }, 'Change your password'),
    h('label', { for: 'current-password' }, 'Current password'),
    current,
    h('label', { for: 'new-password' }, 'New password (12 characters or more)'),
    next,
    h('label', { for: 'repeat-password' }, 'New password again'),
    repeat,
    h('button', { type: 'submit' }, 'Change password'),
    error,
  )
  queueMicrotask(() => current.focus())
  return form
}
