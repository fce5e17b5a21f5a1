/**
 * The store's part of the template-drift decision: when the family's fingerprint has not seen the
 * document's generator signature, count the submission (payer, tenant) and hand the counts to the core,
 * which decides (packages/core/src/stages/authenticity/fingerprint/template-drift.ts). A known signature costs nothing.
 */

import type { PdfModel } from '@rv/core'
import type { Fingerprint, TemplateDriftEvidence } from '@rv/core/authenticity'
import { bankOf, generatorSignature, signatureKey, unseenIdentity } from '@rv/core/authenticity'
import type { PdfStructure } from '@rv/core/pdf'
import type { CheckExtractedV1 } from '@rv/schemas'

export interface TemplateDriftDeps {
  /** Records one sighting of an unseen signature; resolves to its distinct payers and tenants in the window. */
  record: (
    sighting: { family: string; signature: string; tenantId: string; payer: string | null; at: Date },
    windowMs: number,
  ) => Promise<{ payers: number; tenants: number }>
  minPayers: number
  minTenants: number
  windowMs: number
}

function isStructure(value: unknown): value is PdfStructure {
  return typeof value === 'object' && value !== null && Array.isArray((value as PdfStructure).pages)
}

export async function templateDriftEvidence(
  event: CheckExtractedV1,
  model: PdfModel,
  registry: Readonly<Record<string, Fingerprint>>,
  drift: TemplateDriftDeps | undefined,
): Promise<TemplateDriftEvidence | undefined> {
  if (!drift || !event.extraction || !isStructure(model.structure)) return undefined
  const family = bankOf(event.extraction.family)
  const fingerprint = registry[family]
  if (!fingerprint) return undefined
  const sig = generatorSignature(model.structure)
  if (unseenIdentity(fingerprint, sig).length === 0) return undefined
  const signature = signatureKey(sig)
  const counts = await drift.record(
    {
      family,
      signature,
      tenantId: event.tenant_id,
      payer: event.extraction.fields.sender_name ?? null,
      // The submission's time, not the clock: a redelivered message is counted in the same window.
      at: new Date(event.submission.created_at),
    },
    drift.windowMs,
  )
  return {
    signature,
    ...counts,
    minPayers: drift.minPayers,
    minTenants: drift.minTenants,
    windowHours: Math.round(drift.windowMs / 3_600_000),
  }
}
