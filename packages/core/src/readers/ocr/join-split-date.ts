/**
 * A printed date read with a space inside it (`20.0 6.2025`, `2 0.06.2025`): OCR split one word at a
 * narrow gap between two digits, sometimes into two lines of its own (the halves' boxes differ in height).
 * Two neighbouring tokens of digits and points whose concatenation is a `DD.MM.YYYY` date (a comma after it
 * kept) are that date; neither may be a date alone. Amounts (`7 385`) and times never concatenate to a
 * date, so they are left as read.
 */
import type { TextRun } from '../../vocabulary/pdf-model'

const pair = /(?<![\d.])(\d[\d.]*) ([\d.]*\d)(,?)(?![\d.])/g
const date = /^\d{2}\.\d{2}\.\d{4}$/

export function joinSplitDate(text: string): string {
  return text.replace(pair, (whole, a: string, b: string, comma: string) =>
    date.test(`${a}${b}`) && !date.test(a) && !date.test(b) ? `${a}${b}${comma}` : whole,
  )
}

/**
 * The runs with every split date joined: within a run, and across two runs side by side on one row (the
 * second starting within one run height of the first's end, their boxes overlapping vertically) whose
 * facing words make a date.
 */
export function joinSplitDates(runs: readonly TextRun[]): TextRun[] {
  const out = runs.map((run) => ({ ...run, text: joinSplitDate(run.text) }))
  for (let i = 0; i < out.length; i++) {
    const left = out[i]!
    const j = out.findIndex((right, k) => k !== i && facing(left, right))
    if (j < 0) continue
    const right = out[j]!
    const text = joinSplitDate(`${left.text} ${right.text}`)
    if (text === `${left.text} ${right.text}`) continue
    const top = Math.min(left.y, right.y)
    out[i] = {
      ...left,
      text,
      y: top,
      width: right.x + right.width - left.x,
      height: Math.max(left.y + left.height, right.y + right.height) - top,
    }
    out.splice(j, 1)
    i = -1
  }
  return out
}

function facing(left: TextRun, right: TextRun): boolean {
  const gap = right.x - (left.x + left.width)
  const overlap = Math.min(left.y + left.height, right.y + right.height) - Math.max(left.y, right.y)
  return gap >= -1 && gap <= Math.max(left.height, right.height) && overlap > 0
}
