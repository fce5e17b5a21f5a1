/**
 * Right alignment kept the way a careful kit keeps it. `PageEditor.replaceRun` already moves a re-typed
 * right-aligned value by the width difference computed from the font's advances (every amount patch does);
 * this variant then rounds the moved Tm/Td x to the generator's layout grid, read from the file's own
 * text positions, so the number written is one the generator could have written.
 */
import { GRID_CANDIDATES, onGrid, textPositions } from '@rv/core/authenticity/position-grid'
import type { ContentOp } from '@rv/core/pdf/structure/content-tokenizer'
import { patchAmount, result } from './edit-techniques'
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { skipped, type Technique } from './technique-types'

/** The coarsest candidate step every text position of the page lies on (what a forger reads off the file). */
export function pageGrid(ops: readonly ContentOp[]): number | null {
  const values = textPositions(ops).map((p) => p.value)
  if (values.length === 0) return null
  return GRID_CANDIDATES.find((step) => values.every((v) => onGrid(v, step))) ?? null
}

const xIndex = (op: ContentOp) => (op.op === 'Tm' ? 4 : op.op === 'Td' || op.op === 'TD' ? 0 : -1)

export const amountPatchGridAligned: Technique = {
  id: 'amount_patch_grid_aligned',
  label: "amount changed and moved to stay right-aligned, the new x rounded to the generator's layout grid",
  async apply(input, context) {
    const file = new PdfFile(input.bytes)
    const editor = new PageEditor(file)
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
}
