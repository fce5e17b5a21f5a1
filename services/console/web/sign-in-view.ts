import { api } from './api'
import { h, say } from './dom'

export function signInView(onSignedIn: () => void): HTMLElement {
  const email = h('input', {
    id: 'email',
    type: 'email',
    name: 'email',
    autocomplete: 'username',
    required: true,
  })
  const password = h('input', {
    id: 'password',
    type: 'password',
    name: 'password',
    autocomplete: 'current-password',
    required: true,
  })
  const error = h('p', { class: 'error', role: 'alert' })
  const form = h(
    'form',
    {
      class: 'sign-in',
      'aria-labelledby': 'sign-in-title',
      onsubmit: async (e: Event) => {
        e.preventDefault()
        try {
          await api.signIn(email.value, password.value)
          say('Signed in')
          onSignedIn()
        } catch (err) {
          error.textContent = (err as Error).message
        }
      },
    },
    h('h2', { id: 'sign-in-title' }, 'Sign in'),
    h('label', { for: 'email' }, 'E-mail'),
    email,
    h('label', { for: 'password' }, 'Password'),
    password,
    h('button', { type: 'submit' }, 'Sign in'),
    error,
  )
  queueMicrotask(() => email.focus())
  return form
}
