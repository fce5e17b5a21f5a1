/**
 * When a picture deserves a second OCR reading, and whether the second reading is the better one. The
 * reading itself (crops of the ink the first pass left unread, contrast-stretched) is packages/ocr's; these
 * rules are pure, so the engine side stays a mechanism.
 *
 * - **Wanted** when the first reading leaves unread a field the recognised variant always prints (its
 *   non-optional rules), or recognises no family. A picture whose every field was read is never read twice:
 *   a second reading cannot lower a field it never runs on.
 * - **Kept** only when it reads at least one record field the first left null and loses none the first
 *   read (or recognises a family the first did not); otherwise the first reading stands.
 */

import type { FamilyDefinition, FieldName } from '../../vocabulary/family-definition'
import type { ExtractionResult } from '../../vocabulary/stage-contracts'
import { families as shippedFamilies } from '../families'

/** The family's and the variant's always-printed fields that `result` left null; `family` when unknown. */
export function fieldsLeftUnread(
  result: ExtractionResult,
  families: readonly FamilyDefinition[] = shippedFamilies,
): string[] {
  if (result.family === 'unknown') return ['family']
  const [name, variantName] = result.family.split('/')
  const family = families.find((f) => f.family === name)
  const variant = family?.variants.find((v) => v.variant === variantName)
  if (!family || !variant) return []
  const rules = { ...family.fields, ...variant.fields }
  const fields = result.fields as unknown as Record<string, unknown>
  return (Object.keys(rules) as FieldName[]).filter(
    (field) => rules[field] && !rules[field].optional && (fields[field] ?? null) === null,
  )
}

/** Whether `second` reads more than `first` and loses nothing `first` read (see the file comment). */
export function secondReadingHelps(first: ExtractionResult, second: ExtractionResult): boolean {
  const a = first.fields as unknown as Record<string, unknown>
  const b = second.fields as unknown as Record<string, unknown>
  const keys = Object.keys(a).filter((k) => k !== 'confidence' && k !== 'source')
  if (keys.some((k) => a[k] != null && b[k] == null)) return false
  if (first.family === 'unknown' && second.family !== 'unknown') return true
  if (first.family !== second.family) return false
  return keys.some((k) => a[k] == null && b[k] != null)
}
