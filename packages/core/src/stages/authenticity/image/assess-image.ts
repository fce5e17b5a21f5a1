/**
 * The authenticity of a picture of a receipt. A screenshot or photo has no document structure to verify
 * (no producer, fonts, objects, signatures): whatever it shows can be drawn. So an image is never
 * `genuine` from the file alone: `forged` when a hard check fails, `suspicious` when a soft one does,
 * `unknown` otherwise — and the marker check `image.source_unverifiable` tells the decision it is a
 * picture (the profile's `document.image` action, default review; docs/authenticity.md "Images").
 */
import type { CheckResult, DocumentAssessment } from '@rv/schemas'
import type { ExtractionResult } from '../../../vocabulary/stage-contracts'
import {
  editingSoftwareCheck,
  modifiedAfterCaptureCheck,
  quantisationCheck,
  sbpIdTimeCheck,
  trailingDataCheck,
} from './image-checks'
import { readImageMetadata } from './image-metadata'
import { valueAlignmentCheck } from './value-alignment'

export const imageMarkerCheck = 'image.source_unverifiable'

/** Whether an assessment is of a picture (it carries the marker check). */
export function isImageAssessment(document: Pick<DocumentAssessment, 'checks'>): boolean {
  return document.checks.some((c) => c.name === imageMarkerCheck)
}

/**
 * @example assessImageAuthenticity(bytes, extraction).verdict // 'unknown' for a clean screenshot
 */
export function assessImageAuthenticity(
  bytes: Uint8Array,
  extraction: Pick<ExtractionResult, 'family' | 'fields' | 'facts'>,
): DocumentAssessment {
  const meta = readImageMetadata(bytes)
  const checks: CheckResult[] = [
    {
      name: imageMarkerCheck,
      hard: false,
      passed: false,
      detail: `a ${meta.container.toUpperCase()} picture: its authenticity cannot be established from the file alone`,
    },
    editingSoftwareCheck(meta),
  ]
  for (const check of [
    modifiedAfterCaptureCheck(meta),
    trailingDataCheck(meta),
    quantisationCheck(meta),
    sbpIdTimeCheck(extraction.family, extraction.fields, extraction.facts),
    valueAlignmentCheck(extraction.family, extraction.facts),
    // Not run: layoutProportionCheck (layout-proportions.ts) measures label positions as fractions of the
    // picture's width, which a screenshot's crop or a photo's margins move; on the generator's screenshots
    // and photos of genuine receipts it failed every time. valueAlignmentCheck measures the layout
    // relative to the picture's own text instead.
  ]) {
    if (check) checks.push(check)
  }
  const failed = checks.filter((c) => !c.passed && c.name !== imageMarkerCheck)
  const verdict = failed.some((c) => c.hard) ? 'forged' : failed.length > 0 ? 'suspicious' : 'unknown'
  return { verdict, family: extraction.family, checks }
}
