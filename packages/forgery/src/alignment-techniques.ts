/**
 * Right alignment kept the way a careful kit keeps it. `PageEditor.replaceRun` already moves a re-typed
 * right-aligned value by the width difference computed from the font's advances (every amount patch does);
 * this variant then rounds the moved Tm/Td x to the generator's layout grid, read from the file's own
 * text positions, so the number written is one the generator could have written.
 */
import { GRID_CANDIDATES, onGrid, textPositions } from '@rv/core/authenticity'
import type { ContentOp } from '@rv/core/pdf'
import { alignOf, pageTechnique, patchAmount, result } from './edit-techniques'
import { formatNumber, type PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { amountEdit } from './targets'
import { skipped, type Technique } from './technique-types'

/** The coarsest candidate step every text position of the page lies on (what a forger reads off the file). */
export function pageGrid(ops: readonly ContentOp[]): number | null {
  const values = textPositions(ops).map((p) => p.value)
  if (values.length === 0) return null
  return GRID_CANDIDATES.find((step) => values.every((v) => onGrid(v, step))) ?? null
}

const xIndex = (op: ContentOp) => (op.op === 'Tm' ? 4 : op.op === 'Td' || op.op === 'TD' ? 0 : -1)

export const amountPatchGridAligned = pageTechnique(
  'amount_patch_grid_aligned',
  "amount changed and moved to stay right-aligned, the new x rounded to the generator's layout grid",
  (file, editor, input, context) => {
    const before = editor.ops
    const step = pageGrid(before)
    if (step === null) return skipped('the page has no layout grid to keep')
    const note = patchAmount(editor, input.family, true)
    if (!note) return skipped('no amount drawable with the subset')
    if (editor.ops.length !== before.length) return skipped('the edit changed the operation count')
    let snapped = 0
    for (let i = editor.ops.length - 1; i >= 0; i--) {
      const op = editor.ops[i]!
      const xi = xIndex(op)
      const x = op.operands[xi]
      if (xi < 0 || typeof x !== 'number' || x === before[i]!.operands[xi]) continue
      const target = Math.round(x / step) * step
      const run = editor.runs.find((r) => r.opIndex > i)
      if (!run) continue
      // shiftRun takes page units and divides by the Tm scale; give it the scaled difference.
      const scale = op.op === 'Tm' ? Number(op.operands[0]) || 1 : 1
      editor.shiftRun(run.opIndex, (target - x) * scale)
      snapped++
    }
    return result(
      file.rewrite(editor.contentObjects(context.deflater)),
      input.filename,
      `${note}; ${snapped} moved position(s) rounded to the ${step} pt grid`,
    )
  },
)

/** Whether a text-showing operation follows `opIndex` in its block before the next positioning. */
function continuesLine(editor: PageEditor, opIndex: number): boolean {
  for (const op of editor.ops.slice(opIndex + 1)) {
    if (op.op === 'ET' || op.op === 'Tm' || op.op === 'Td' || op.op === 'TD' || op.op === 'T*') return false
    if (op.op === 'Tj' || op.op === 'TJ' || op.op === "'" || op.op === '"') return true
  }
  return false
}

/**
 * A public pikepdf-based editing service's approach: the re-typed value is drawn where the old one started
 * and kept right-aligned by a relative `Td` that moves the cursor left before it and one that moves it back
 * after, so the line's Tm stays the generator's.
 */
export const amountTdWrapped = pageTechnique(
  'amount_td_wrapped',
  'amount re-typed and kept right-aligned by a Td before it and a Td back after it; Tm kept',
  (file, editor, input, context) => {
    const edit = amountEdit(editor, input.family)
    if (typeof edit === 'string') return skipped(edit)
    const { candidate, targets } = edit
    let wrapped = 0
    for (const r of targets) {
      const right = alignOf(editor, r.x1) === 'right'
      if (!editor.replaceRun(r, candidate, 'left'))
        return skipped('an occurrence of the amount is drawn with a font lacking a digit')
      const now = editor.runs.find((x) => x.opIndex === r.opIndex)!
      const dx = (r.x1 - now.x1) / editor.textScale(r.opIndex)
      if (!right || Math.abs(dx) < 0.001) continue
      // The Td back resets the line to its start: text drawn after the amount on the same line would jump.
      if (continuesLine(editor, r.opIndex))
        return skipped('text continues after the amount on its line: a Td pair would move it')
      editor.wrapOperation(now, `${formatNumber(dx)} 0 Td`, `${formatNumber(-dx)} 0 Td`)
      wrapped++
    }
    return result(
      file.rewrite(editor.contentObjects(context.deflater)),
      input.filename,
      `${targets.length} amount run(s) changed, ${wrapped} wrapped in Td moves`,
    )
  },
)
