/**
 * Edits a forger makes to what a picture shows, for the picture bench (scripts/bench/image-authenticity.ts):
 * made on the bank's PDF, then rendered as a screenshot or photo. Not part of `techniques` (the PDF bench):
 * they are careless by design, where the PDF toolkit's edits keep every position.
 *
 * `amount_lengthened_left_kept`: a digit put in front of every printed amount equal to the first one
 * (`600 ₽` → `1600 ₽`), the new text started at the old left edge, as someone typing over a value in an
 * editor does: on a right-aligned layout (VTB, T-Bank, Ozon) the value now ends past the margin; on a
 * left-aligned one (Alfa, Gazprombank) nothing moves.
 */
import { pageTechnique, result } from './edit-techniques'
import { amountRuns } from './targets'
import { skipped, type Technique } from './technique-types'

export const amountLengthenedLeftKept: Technique = pageTechnique(
  'amount_lengthened_left_kept',
  'a digit typed in front of the amount from its old left edge (the right edge moves)',
  (file, editor, input, context) => {
    const runs = amountRuns(editor, input.family)
    const first = runs[0]
    if (!first?.font) return skipped('amount not found')
    const font = first.font
    const longer = ['1', '2', '3', '5', '9']
      .map((digit) => first.text.replace(/\d/, (d) => digit + d))
      .find((text) => editor.encode(font, text))
    if (!longer) return skipped('no longer amount drawable with the subset')
    const targets = runs.filter((r) => r.text === first.text).sort((a, b) => b.opIndex - a.opIndex)
    for (const r of targets) {
      const current = editor.runs.find((x) => x.opIndex === r.opIndex)!
      editor.replaceRun(current, longer, 'left')
    }
    return result(
      file.rewrite(editor.contentObjects(context.deflater)),
      input.filename,
      `${targets.length} amount run(s) lengthened by a leading digit, left edge kept`,
    )
  },
)

export const pictureTechniques: readonly Technique[] = [amountLengthenedLeftKept]
