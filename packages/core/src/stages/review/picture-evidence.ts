/**
 * Where a failed picture check's evidence is on the picture. A picture check states no place in its detail
 * (its positions are the deskewed OCR frame's, in body-size points: authenticity/image/value-alignment.ts),
 * but the ones that judge printed values name them, and extraction stored where each field was read
 * (extraction/field-locations.ts: fractions of the picture as stored, the frame `relativeBox` returns). So
 * the evidence boxes are the locations of the fields the check judges. Checks of the file (metadata,
 * trailing data, quantisation, the picture marker) judge no field and have none.
 */
import type { CheckResult, FieldLocation } from '@rv/schemas'

/** The values listed after the colon: `… by more than 3 pt: amount +5.2 pt, paid_at -4.0 pt`. */
const offValue = /^([a-z_]+) [+-]?\d+(?:\.\d+)? pt$/

/**
 * The record fields a failed picture check judges (its code: image-checks.ts, value-alignment.ts).
 *
 * @example
 * pictureCheckFields({ name: 'image.value_alignment', hard: false, passed: false,
 *   detail: 'value(s) off the right margin by more than 3 pt: amount +5.2 pt' }) // ['amount']
 */
export function pictureCheckFields(check: CheckResult): string[] {
  if (check.passed) return []
  switch (check.name) {
    // The SBP id's encoded time against the printed time: both values are the evidence.
    case 'image.sbp_id_time':
      return ['receipt_number', 'paid_at']
    // The values off the family's edge, each named by its reading, which fills the record field of that name.
    case 'image.value_alignment': {
      const listed = check.detail.slice(check.detail.indexOf(': ') + 2).split(', ')
      return listed.flatMap((part) => offValue.exec(part)?.[1] ?? [])
    }
    // Labels off the family's columns: where a label was read is not stored (nor is this check run).
    default:
      return []
  }
}

/**
 * The evidence boxes of a picture check: each line where a field it judges was read, in fractions of the
 * picture (0–1 from its top-left), in the order the check names the fields.
 *
 * @example
 * pictureEvidence(sbpIdTimeFailure, locations) // the SBP id's lines, then the printed time's
 */
export function pictureEvidence(check: CheckResult, locations: readonly FieldLocation[]): FieldLocation[] {
  return pictureCheckFields(check).flatMap((field) => locations.filter((l) => l.field === field))
}
