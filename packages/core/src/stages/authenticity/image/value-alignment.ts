/**
 * The family's layout at the picture's own scale: a bank's generator sets every labelled value on one
 * edge — VTB, T-Bank and Ozon end each value at the right margin (`layout: right`), Alfa and Gazprombank
 * start it at its label's left edge (`layout: below`). A value typed into a screenshot by an editor lands
 * where the forger put it: a longer amount started at the old left edge overshoots the right margin, a
 * value pasted from elsewhere sits off its label. The positions are the extraction's facts
 * (`label.<field>.x`, `value.<field>.x` / `.right`), in points on the deskewed picture, scaled so the body
 * text is 9 pt (ocr/words-to-runs.ts): crop, margins and resolution do not move them relative to each
 * other.
 *
 * Only values found by their label in the family's layout count (a rule that reads `anywhere`, under the
 * `heading` or `inline` after its label sets its value elsewhere). Fails when a value is off the edge by
 * more than a third of the body size (3 pt) — under half a digit's advance (a digit is about 0.55 em, 5 pt):
 * an edit that moves a value by a glyph is caught, the looseness of OCR boxes (a pixel is 0.3–0.4 pt) is
 * not. Needs three values on a right margin (their median is the margin), or one value under its label,
 * and most values on the edge: a picture whose values mostly sit elsewhere is not of this layout (a bank
 * app's own screen) and earns no claim.
 * Soft: a misread box is possible. (docs/authenticity.md "Images" has the rates measured on genuine and
 * forged pictures.)
 */
import type { CheckResult } from '@rv/schemas'
import type { FieldRule } from '../../../vocabulary/family-definition'
import { families } from '../../families/index'

/** Points off the family's edge a value may be (a third of the 9 pt body size). */
export const alignmentTolerance = 3

type Facts = Readonly<Record<string, string | number | boolean | null>>

export function valueAlignmentCheck(family: string, facts: Facts): CheckResult | null {
  const [bank, variantId] = family.split('/')
  const definition = families.find((f) => f.family === bank)
  const variant = definition?.variants.find((v) => v.variant === variantId)
  if (!definition || !variant) return null
  const ruleOf = (field: string): FieldRule | undefined =>
    (variant.fields as Record<string, FieldRule | undefined>)[field] ??
    (definition.fields as Record<string, FieldRule | undefined>)[field]
  const num = (key: string) => (typeof facts[key] === 'number' ? (facts[key] as number) : null)
  const placed = Object.keys(facts)
    .map((key) => /^value\.([a-z_]+)\.x$/.exec(key)?.[1])
    .filter((field): field is string => field !== undefined)
    .filter((field) => {
      const locate = ruleOf(field)?.locate
      return (locate === undefined || locate === 'label') && num(`label.${field}.x`) !== null
    })
    .map((field) => ({
      field,
      edge: definition.layout === 'right' ? num(`value.${field}.right`) : num(`value.${field}.x`),
      expected: definition.layout === 'right' ? null : num(`label.${field}.x`),
    }))
    .filter((p): p is { field: string; edge: number; expected: number | null } => p.edge !== null)
  if (definition.layout === 'right' && placed.length < 3) return null
  if (placed.length === 0) return null
  const edges = placed.map((p) => p.edge).sort((a, b) => a - b)
  const margin = edges[Math.floor(edges.length / 2)]!
  const off = placed
    .map((p) => ({ ...p, by: p.edge - (p.expected ?? margin) }))
    .filter((p) => Math.abs(p.by) > alignmentTolerance)
  // Most values off the edge: the picture is not of the PDF's layout (a bank app's own screen sets values
  // elsewhere), so no claim either way. An edit moves one value among many that stay.
  if (off.length * 2 >= placed.length && placed.length > 1) return null
  const where = definition.layout === 'right' ? 'the right margin' : 'their labels'
  return {
    name: 'image.value_alignment',
    hard: false,
    passed: off.length === 0,
    detail:
      off.length === 0
        ? `${placed.length} value(s) on ${where} within ${alignmentTolerance} pt`
        : `value(s) off ${where} by more than ${alignmentTolerance} pt: ${off
            .map((p) => `${p.field} ${p.by > 0 ? '+' : ''}${p.by.toFixed(1)} pt`)
            .join(', ')}`,
  }
}
