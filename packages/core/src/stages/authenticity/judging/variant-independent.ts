/**
 * The checks a receipt of an undescribed variant (`<family>/unknown`, families/recognise-issuer-family.ts)
 * is judged by: every check of its family's fingerprint except those whose envelope follows what a variant
 * prints — how many rows, images, objects and text blocks it has, how tall its page is, where its text is
 * aligned, which sizes, colours and operators it draws. What the bank's generator does whatever it prints
 * (producer and version, fonts and their programs, the writer's byte syntax, dates, /ID, one revision, the SBP
 * id's time) still holds, and so do the bank-independent hard checks.
 */
import type { CheckResult } from '@rv/schemas'

export const variantDependentChecks: ReadonlySet<string> = new Set([
  'structure.object_count',
  'structure.stream_count',
  'structure.file_size',
  'structure.image_count',
  'structure.annotations',
  'structure.page_height',
  'content.text_blocks',
  'content.text_op_count',
  'content.operator_vocabulary',
  'content.font_sizes',
  'content.text_colours',
  'content.render_modes',
  'layout.alignment',
])

/** The checks that hold for every variant of the family. */
export function variantIndependentChecks(checks: readonly CheckResult[]): CheckResult[] {
  return checks.filter((c) => !variantDependentChecks.has(c.name))
}
