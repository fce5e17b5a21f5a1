/** Finds the runs a forger edits: the amount(s), the operation time, the SBP id, the names. */

import type { DrawnRun } from '@rv/core/authenticity'
import { buildSegments, readLabelled, readPrintedFacts } from '@rv/core/authenticity'
import type { PageEditor } from './page-editor'

const AMOUNT: Record<string, RegExp> = {
  vtb: /^\d{1,3}( \d{3})*(\.\d{2})? ₽$/,
  alfa: /^\d{1,3}([\u00a0 ]+\d{3})*(,\d{1,2})?[\u00a0 ]+RUR[\u00a0 ]*$/,
  gazprombank: /^\d{1,3}( \d{3})*,\d{2} руб\.$/,
  // T-Bank draws the number in TinkoffSans and the ₽ separately in ALSRubl.
  tbank: /^\d{1,3}( \d{3})*(,\d{2})? ?$/,
  ozon: /^\d{1,3}( \d{3})*(,\d{2})? ₽$/,
}

export function amountRuns(editor: PageEditor, family: string): DrawnRun[] {
  const re = AMOUNT[family]
  if (!re) return []
  return editor.runs.filter((r) => {
    if (!re.test(r.text.trim() === '' ? r.text : r.text.replace(/^ +/, ''))) return false
    if (family !== 'tbank') return true
    return editor.runs.some(
      (n) => n.fontName === 'ALSRubl' && Math.abs(n.baseline - r.baseline) < 1 && n.x0 >= r.x1 - 1,
    )
  })
}

/**
 * The amount text changed in its leading digit (digits tried until the subset can draw one), and
 * multiplied by ten when the subset holds too few digits (a T-Bank total subset may hold only «2» and «0»).
 */
export function changedAmounts(text: string): string[] {
  const m = /\d/.exec(text)
  if (!m) return []
  const first = Number(m[0])
  const replaced = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    .filter((d) => d !== first)
    .sort((a, b) => Math.abs(a - first - 1) - Math.abs(b - first - 1))
    .map((d) => text.slice(0, m.index) + String(d) + text.slice(m.index + 1))
  const integer = /^(\D*)(\d{1,2})(?!\d|[ \u00a0]\d)/.exec(text)
  const tenfold = integer ? [`${integer[1]}${integer[2]}0${text.slice(integer[0].length)}`] : []
  return [...replaced, ...tenfold]
}

/**
 * What an amount edit works on: the first printed amount, the first changed amount the subset can draw,
 * and every run printing the same amount, last first (editing them in that order keeps op indexes valid);
 * a reason when there is none.
 */
export function amountEdit(
  editor: PageEditor,
  family: string,
): { first: DrawnRun; candidate: string; targets: DrawnRun[] } | string {
  const runs = amountRuns(editor, family)
  const first = runs[0]
  const font = first?.font
  if (!first || !font) return 'amount not found'
  const candidate = changedAmounts(first.text).find((t) => editor.encode(font, t))
  if (!candidate) return 'no amount drawable with the subset'
  const targets = runs.filter((r) => r.text === first.text).sort((a, b) => b.opIndex - a.opIndex)
  return { first, candidate, targets }
}

export function factsOf(editor: PageEditor, family: string) {
  return readPrintedFacts(family, buildSegments(editor.runs), editor.file.structure)
}

const NAME_LABELS: Record<string, [RegExp, RegExp, 'row' | 'below']> = {
  vtb: [/^Имя плательщика$/, /^Получатель$/, 'row'],
  tbank: [/^Отправитель$/, /^Получатель$/, 'row'],
  gazprombank: [/^Ф\.И\.О\. отправителя:$/, /^Ф\.И\.О\. получателя:$/, 'below'],
  ozon: [/^Отправитель$/, /^Получатель$/, 'row'],
}

/** Sender and recipient name runs, when the family prints both. */
export function nameRuns(editor: PageEditor, family: string): [DrawnRun, DrawnRun] | null {
  const labels = NAME_LABELS[family]
  if (!labels) return null
  const segments = buildSegments(editor.runs)
  const a = readLabelled(segments, labels[0], labels[2])
  const b = readLabelled(segments, labels[1], labels[2])
  if (!a || !b || a.value.runs.length !== 1 || b.value.runs.length !== 1) return null
  return [a.value.runs[0]!, b.value.runs[0]!]
}
