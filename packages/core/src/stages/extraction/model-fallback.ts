/**
 * When the vision model is asked, and how its grounded reading joins the deterministic fields. The
 * deterministic reading wins unless the model's value is better supported: a field the printed text
 * gave with high confidence is never replaced, an empty or weak one may be.
 */
import type { ReceiptFields } from '@rv/schemas'
import type { GroundableField, GroundedReading } from './ground-model-fields'

export type ModelUse = 'never' | 'when_needed' | 'always'

/** The profile's `vlm` member (schemas/json/profile.schema.json), complete. */
export interface ModelPolicy {
  use: ModelUse
  /** Fields the check needs; one missing or below `min_confidence` calls the model (`when_needed`). */
  required_fields: readonly GroundableField[]
  min_confidence: number
}

export const defaultModelPolicy: ModelPolicy = {
  use: 'when_needed',
  required_fields: ['amount', 'currency', 'paid_at', 'receipt_number'],
  min_confidence: 0.8,
}

/** Required fields the deterministic reading left empty or weak. */
export function fieldsNeedingModel(fields: ReceiptFields, policy: ModelPolicy): GroundableField[] {
  return policy.required_fields.filter(
    (f) => fields[f] === null || (fields.confidence[f] ?? 0) < policy.min_confidence,
  )
}

/** Whether the model is to be called for this reading. */
export function modelWanted(fields: ReceiptFields, policy: ModelPolicy): boolean {
  if (policy.use === 'never') return false
  return policy.use === 'always' || fieldsNeedingModel(fields, policy).length > 0
}

/**
 * The fields with the model's grounded values where they beat the deterministic ones (empty, or lower
 * confidence). `paid_at_source` follows `paid_at`; `source` becomes `vlm` when any value was taken.
 * @example mergeModelFields(fields, groundModelReading(reading, text)).taken // ['amount']
 */
export function mergeModelFields(
  base: ReceiptFields,
  grounded: GroundedReading,
): { fields: ReceiptFields; taken: GroundableField[] } {
  const fields: ReceiptFields = { ...base, confidence: { ...base.confidence } }
  const taken: GroundableField[] = []
  for (const [key, value] of Object.entries(grounded.values)) {
    const field = key as GroundableField
    const confidence = grounded.confidence[field]
    if (field === 'paid_at_source' || value === null || value === undefined || confidence === undefined)
      continue
    if (base[field] !== null && (base.confidence[field] ?? 0) >= confidence) continue
    ;(fields as unknown as Record<string, unknown>)[field] = value
    fields.confidence[field] = confidence
    taken.push(field)
  }
  if (taken.includes('paid_at')) fields.paid_at_source = 'model'
  if (taken.length > 0) fields.source = 'vlm'
  return { fields, taken }
}
