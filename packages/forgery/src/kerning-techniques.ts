/**
 * Amount patches that fix the width with `TJ` kerning instead of moving the text, as PDF-editing kits do:
 * the new amount is drawn with a `TJ` array (whatever operator the generator used) and the width the new
 * digits gain or lose is absorbed by adjustments, so the Tm/Td positions stay the generator's own.
 *  - edge: one leading adjustment (right-aligned values) or trailing adjustment (left-aligned ones);
 *  - inner: the difference spread over the gaps between glyphs, so both edges stay where they were.
 */
import type { DrawnRun } from '@rv/core/authenticity'
import { alignOf, pageTechnique, result } from './edit-techniques'
import { formatNumber, type PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { amountEdit } from './targets'
import { skipped, type Technique } from './technique-types'

type Mode = 'edge' | 'inner'

/** Kerns below this (thousandths of an em) are not written: a kit rounds them away. */
const NEGLIGIBLE = 0.01

function tjArray(
  editor: PageEditor,
  run: DrawnRun,
  codes: number[],
  gaps: number[],
  lead: number,
  trail: number,
) {
  const perGlyph = run.op === 'TJ' && run.stringLengths.every((n) => n === 1)
  const items: string[] = []
  const kern = (k: number) => {
    if (Math.abs(k) >= NEGLIGIBLE) items.push(formatNumber(k))
  }
  kern(lead)
  if (gaps.length === 0 && !perGlyph) items.push(editor.stringOperand(run, codes))
  else
    codes.forEach((c, i) => {
      items.push(editor.stringOperand(run, [c]))
      if (i < codes.length - 1) kern(gaps[i] ?? 0)
    })
  kern(trail)
  return `[${items.join(' ')}]`
}

/** Redraws one run with `codes` and kerning that keeps its extent; false when it cannot. */
function redraw(editor: PageEditor, opIndex: number, codes: number[], mode: Mode): boolean {
  const before = editor.runs.find((r) => r.opIndex === opIndex)!
  const perGlyph = before.op === 'TJ' && before.stringLengths.every((n) => n === 1)
  // The generator's own letter-spacing kern (VTB) stays between glyphs; others have none.
  const base = perGlyph ? (before.kerns[0] ?? 0) : 0
  const baseGaps = codes.slice(1).map(() => base)
  editor.setOperation(before, tjArray(editor, before, codes, perGlyph ? baseGaps : [], 0, 0), 'TJ')
  const natural = editor.runs.find((r) => r.opIndex === opIndex)!
  // A kern of k thousandths moves the text by -k/1000 × size.
  const missing = ((before.x1 - before.x0 - (natural.x1 - natural.x0)) * 1000) / natural.size
  const right = alignOf(editor, before.x1) === 'right'
  let text: string
  if (mode === 'inner' && codes.length > 1) {
    const share = -missing / (codes.length - 1)
    text = tjArray(
      editor,
      before,
      codes,
      baseGaps.map((g) => g + share),
      0,
      0,
    )
  } else text = tjArray(editor, before, codes, baseGaps, right ? -missing : 0, right ? 0 : -missing)
  editor.setOperation(natural, text, 'TJ')
  const after = editor.runs.find((r) => r.opIndex === opIndex)!
  return Math.abs(after.x0 - before.x0) < 0.01 && Math.abs(after.x1 - before.x1) < 0.01
}

function kerningTechnique(id: string, label: string, mode: Mode): Technique {
  return pageTechnique(id, label, (file, editor, input, context) => {
    const edit = amountEdit(editor, input.family)
    if (typeof edit === 'string') return skipped(edit)
    const { first, candidate, targets } = edit
    if (first.rotated) return skipped('the amount is drawn rotated')
    for (const r of targets) {
      const codes = r.font ? editor.encode(r.font, candidate) : null
      if (!codes) return skipped('an occurrence of the amount is drawn with a font lacking a digit')
      if (!redraw(editor, r.opIndex, codes, mode))
        return skipped('the kerned text does not keep the old extent (scaled or skewed text)')
    }
    return result(
      file.rewrite(editor.contentObjects(context.deflater)),
      input.filename,
      `${targets.length} amount run(s) redrawn with TJ and ${mode} kerning`,
    )
  })
}

export const kerningEdge = kerningTechnique(
  'kerning_tj_edge',
  'amount redrawn as a TJ array whose leading (right-aligned) or trailing kern absorbs the width change; Tm kept',
  'edge',
)

export const kerningInner = kerningTechnique(
  'kerning_tj_inner',
  'amount redrawn as a TJ array with the width change spread over inner kerns, both edges kept; Tm kept',
  'inner',
)
