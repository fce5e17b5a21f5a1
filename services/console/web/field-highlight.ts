import { cssId } from './document-view'
import { h, say } from './dom'
import type { FieldRow } from './view-types'

export const fieldRowId = (name: string) => `field-${cssId(name)}`

/**
 * The active field, marked both ways without re-rendering the document: its row pressed, and a box over
 * each line where its value was read, placed in fractions of its page (so it stays on its words at any
 * zoom), scrolled into view. A box is a button pointing back at its row (`aria-describedby`); activating
 * it puts the focus on the row. A field whose place is not known says so.
 */
export function showField(field: FieldRow | undefined, options: { scroll: boolean }): void {
  for (const row of document.querySelectorAll<HTMLElement>('tr[data-field]')) {
    const active = row.dataset.field === field?.name
    row.classList.toggle('active', active)
    row.querySelector('button.field-name')?.setAttribute('aria-pressed', String(active))
  }
  for (const box of document.querySelectorAll('.field-box')) box.remove()
  if (!field) return
  for (const at of field.locations) {
    const frame = document.querySelector<HTMLElement>(`.page[data-page="${at.page}"]`)
    if (!frame) continue
    const box = h('button', {
      type: 'button',
      class: 'field-box',
      'data-field': field.name,
      'aria-label': `Where ${field.name} was read`,
      'aria-describedby': fieldRowId(field.name),
      onclick: () =>
        document.querySelector<HTMLElement>(`#${fieldRowId(field.name)} button.field-name`)?.focus(),
    })
    box.style.left = `${at.left * 100}%`
    box.style.top = `${at.top * 100}%`
    box.style.width = `${at.width * 100}%`
    box.style.height = `${at.height * 100}%`
    frame.append(box)
  }
  if (!options.scroll) return
  if (field.locations.length === 0) say(`${field.name}: where it was read on the page is not known`)
  else say(`${field.name}: highlighted where it was read`)
  // While the document is still being drawn (a zoom) its frames are not there yet: render() marks again.
  document.querySelector<HTMLElement>('.field-box')?.scrollIntoView({ block: 'center', inline: 'center' })
}
