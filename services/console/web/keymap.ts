/**
 * Every keyboard shortcut of the console, in this one file: the help overlay (?) is generated from it.
 * Keys do nothing while the focus is in a field (typing a note must not decide a check).
 */
export const keymap = [
  { key: 'j', action: 'down', help: 'Next check in the queue' },
  { key: 'k', action: 'up', help: 'Previous check in the queue' },
  { key: 'o', action: 'open', help: 'Open the selected check (claims it)' },
  { key: 'n', action: 'next', help: 'Open the oldest unclaimed check' },
  { key: 'g', action: 'genuine', help: 'Decide: genuine' },
  { key: 'f', action: 'forged', help: 'Decide: forged (needs a reason)' },
  { key: 'e', action: 'escalate', help: 'Escalate to a lead' },
  { key: '1-9', action: 'reason', help: 'Pick a reason code (in the order listed)' },
  { key: 'Enter', action: 'submit', help: 'Record the decision' },
  { key: '[', action: 'previous-evidence', help: 'Previous failed check (and its box)' },
  { key: ']', action: 'next-evidence', help: 'Next failed check (and its box)' },
  { key: ',', action: 'previous-field', help: 'Previous field (and where it was read)' },
  { key: '.', action: 'next-field', help: 'Next field (and where it was read)' },
  { key: '+', action: 'zoom-in', help: 'Zoom in' },
  { key: '-', action: 'zoom-out', help: 'Zoom out' },
  { key: 'Escape', action: 'back', help: 'Cancel the decision, then back to the queue' },
  { key: '?', action: 'help', help: 'Show or hide this help' },
] as const

export type KeyAction = (typeof keymap)[number]['action']

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** The action a key press means, or undefined (also while typing, and with a modifier held). */
export function actionOf(event: KeyboardEvent): { action: KeyAction; digit?: number } | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return undefined
  if (/^[1-9]$/.test(event.key)) return { action: 'reason', digit: Number(event.key) }
  const entry = keymap.find((k) => k.key === event.key)
  return entry ? { action: entry.action } : undefined
}

export function bindKeys(handle: (action: KeyAction, digit?: number) => void): void {
  document.addEventListener('keydown', (event) => {
    const found = actionOf(event)
    if (!found) return
    if (event.key !== 'Enter' || !(event.target instanceof HTMLButtonElement)) event.preventDefault()
    else return
    handle(found.action, found.digit)
  })
}
