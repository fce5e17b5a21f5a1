/**
 * check.extracted.v1 -> check.replay-checked.v1: derive this check's replay keys, register them
 * atomically (first writer owns a key) and judge against the earlier checks holding any of them.
 * When extraction failed no result is published: the aggregator has already failed the check.
 */
import type { ReplayCandidate, ReplayKeys } from '@rv/core'
import { deriveReplayKeys, judgeReplay } from '@rv/core/replay/index'
import type { CheckExtractedV1, CheckReplayCheckedV1 } from '@rv/schemas'

export interface ReplayDeps {
  register: (input: {
    tenantId: string
    checkId: string
    createdAt: string
    keys: ReplayKeys
  }) => Promise<ReplayCandidate[]>
  keySecret?: string
}

export async function handleExtracted(
  event: CheckExtractedV1,
  deps: ReplayDeps,
): Promise<CheckReplayCheckedV1 | null> {
  if (event.extraction === null || event.error) return null
  const keys = deriveReplayKeys({
    fileSha256: event.submission.file.sha256,
    extraction: {
      family: event.extraction.family,
      fields: event.extraction.fields,
      // The bus carries the digest the extraction service computed with core's normalizedTextDigest.
      normalizedTextSha256: event.extraction.normalized_text_sha256,
    },
    tenantId: event.tenant_id,
    ...(deps.keySecret ? { keySecret: deps.keySecret } : {}),
  })
  const earlier = await deps.register({
    tenantId: event.tenant_id,
    checkId: event.check_id,
    createdAt: event.submission.created_at,
    keys,
  })
  const { reasons, ...replay } = judgeReplay(keys, earlier)
  return { check_id: event.check_id, tenant_id: event.tenant_id, replay, reasons }
}
