/**
 * check.extracted.v1 -> check.authenticated.v1: re-read the stored file, parse it, assess it against its
 * family's fingerprint. A failed extraction is not assessed (the aggregator already failed the check).
 * An image (`mode: image`) has no PDF structure for these checks: its document is `unknown` with no
 * checks, and the stored file is not read at all.
 */

import type { AuthenticateStage } from '@rv/core'
import { CheckError, type ExtractionResult, emptyDocument, type PdfModel } from '@rv/core'
import type { CheckAuthenticatedV1, CheckExtractedV1 } from '@rv/schemas'

export interface AuthenticityDeps {
  readFile: (key: string) => Promise<Uint8Array>
  parsePdf: (bytes: Uint8Array) => Promise<PdfModel>
  assessAuthenticity: AuthenticateStage
}

export async function handleExtracted(
  event: CheckExtractedV1,
  deps: AuthenticityDeps,
): Promise<CheckAuthenticatedV1 | null> {
  if (event.extraction === null || event.error) return null
  const base = { check_id: event.check_id, tenant_id: event.tenant_id }
  if (event.submission.mode === 'image') {
    return { ...base, document: { verdict: 'unknown', family: event.extraction.family, checks: [] } }
  }
  const bytes = await deps.readFile(event.submission.file.key)
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
  const document = deps.assessAuthenticity(model, extraction, filename === undefined ? {} : { filename })
  return { ...base, document }
}
