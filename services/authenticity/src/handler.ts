/**
 * check.extracted.v1 -> check.authenticated.v1: re-read the stored file, parse it, assess it against its
 * family's fingerprint (the active stored version when there is one, from the service's cache). A failed
 * extraction is not assessed (the aggregator already failed the check).
 * A picture (`mode: image`) is judged by its own checks (assessImageAuthenticity): never `genuine`.
 */

import type { Fingerprint } from '@rv/core'
import { CheckError, type ExtractionResult, emptyDocument, type PdfModel } from '@rv/core'
import type { assessAuthenticity } from '@rv/core/authenticity'
import { assessImageAuthenticity } from '@rv/core/authenticity'
import type { CheckAuthenticatedV1, CheckExtractedV1 } from '@rv/schemas'
import { type TemplateDriftDeps, templateDriftEvidence } from './template-drift-evidence'

export interface AuthenticityDeps {
  readFile: (key: string) => Promise<Uint8Array>
  parsePdf: (bytes: Uint8Array) => Promise<PdfModel>
  assessAuthenticity: typeof assessAuthenticity
  /** A picture's assessment (core `assessImageAuthenticity` unless replaced). */
  assessImage?: typeof assessImageAuthenticity
  /** The fingerprints to judge with (cached, refreshed periodically); default: the committed ones. */
  fingerprints?: () => Readonly<Record<string, Fingerprint>>
  /** Counting of unseen generator signatures; absent: no template-drift judgement. */
  templateDrift?: TemplateDriftDeps
}

export async function handleExtracted(
  event: CheckExtractedV1,
  deps: AuthenticityDeps,
): Promise<CheckAuthenticatedV1 | null> {
  if (event.extraction === null || event.error) return null
  const base = { check_id: event.check_id, tenant_id: event.tenant_id }
  const bytes = await deps.readFile(event.submission.file.key)
  // A picture has no PDF structure: its own checks, never `genuine` (docs/authenticity.md, Images).
  if (event.submission.mode === 'image') {
    const assessImage = deps.assessImage ?? assessImageAuthenticity
    return { ...base, document: assessImage(bytes, event.extraction) }
  }
  let model: PdfModel
  try {
    model = await deps.parsePdf(bytes)
  } catch (error) {
    // Extraction parsed the same bytes, so this is unexpected; still a result, not a crash loop.
    if (error instanceof CheckError)
      return { ...base, document: emptyDocument('unknown'), error: error.toBlock() }
    throw error
  }
  const extraction: ExtractionResult = {
    family: event.extraction.family,
    fields: event.extraction.fields,
    // The text itself is not on the bus; authenticity reads the page through `model`.
    normalizedText: '',
    facts: event.extraction.facts,
  }
  const filename = event.submission.file.filename
  const registry = deps.fingerprints?.()
  const templateDrift = registry && (await templateDriftEvidence(event, model, registry, deps.templateDrift))
  const document = deps.assessAuthenticity(
    model,
    extraction,
    { ...(filename === undefined ? {} : { filename }), ...(templateDrift ? { templateDrift } : {}) },
    registry,
  )
  return { ...base, document }
}
