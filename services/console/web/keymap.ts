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

/** A key press as `actionForKey` reads it (a KeyboardEvent is one). */
export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}

/** The action a key press means, or undefined (also while `typing`, and with a modifier held). */
export function actionForKey(
  press: KeyPress,
  typing: boolean,
): { action: KeyAction; digit?: number } | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey || typing) return undefined
  if (/^[1-9]$/.test(press.key)) return { action: 'reason', digit: Number(press.key) }
  const entry = keymap.find((k) => k.key === press.key)
  return entry ? { action: entry.action } : undefined
}

/** The action a key press in the page means (none while the focus is in a field). */
export function actionOf(event: KeyboardEvent): { action: KeyAction; digit?: number } | undefined {
  return actionForKey(event, isTyping(event.target))
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
