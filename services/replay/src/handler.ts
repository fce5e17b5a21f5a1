/**
 * check.extracted.v1 -> check.replay-checked.v1: derive this check's replay keys, register them
 * atomically (first writer owns a key) and judge against the earlier checks holding any of them.
 * When extraction failed no result is published: the aggregator has already failed the check.
 *
 * A profile with `replay.cross_tenant` also registers the global keys (HMACs with the system secret, no
 * tenant, no personal data) and counts other tenants' holders as `replay_cross_tenant`, never naming them.
 */
import type { ReplayCandidateInput, ReplayKeys } from '@rv/core'
import { asForeignCandidate, deriveReplayKeys, judgeReplay } from '@rv/core/replay'
import type { CheckExtractedV1, CheckReplayCheckedV1, Profile } from '@rv/schemas'

export interface ReplayDeps {
  register: (input: {
    tenantId: string
    checkId: string
    createdAt: string
    keys: ReplayKeys
    scope?: 'tenant' | 'global'
  }) => Promise<ReplayCandidateInput[]>
  keySecret?: string
  /** The profile the check was pinned to; absent: tenant scope only. */
  profile?: (tenantId: string, ref: { name: string; version: number }) => Promise<Profile | undefined>
}

export async function handleExtracted(
  event: CheckExtractedV1,
  deps: ReplayDeps,
): Promise<CheckReplayCheckedV1 | null> {
  const extraction = event.extraction
  if (extraction === null || event.error) return null
  const derive = (scope: 'tenant' | 'global') =>
    deriveReplayKeys({
      fileSha256: event.submission.file.sha256,
      extraction: {
        family: extraction.family,
        fields: extraction.fields,
        // The bus carries the digest the extraction service computed with core's normalizedTextDigest.
        normalizedTextSha256: extraction.normalized_text_sha256,
      },
      tenantId: event.tenant_id,
      scope,
      ...(deps.keySecret ? { keySecret: deps.keySecret } : {}),
    })
  const registration = {
    tenantId: event.tenant_id,
    checkId: event.check_id,
    createdAt: event.submission.created_at,
  }
  const keys = derive('tenant')
  const earlier = await deps.register({ ...registration, keys })

  const profile = await deps.profile?.(event.tenant_id, event.submission.profile)
  // Global keys need the system secret: without it nobody could be kept from brute-forcing them.
  if (profile?.replay.cross_tenant && deps.keySecret) {
    const globalKeys = derive('global')
    const elsewhere = await deps.register({ ...registration, keys: globalKeys, scope: 'global' })
    for (const c of elsewhere) if (c.foreign) earlier.push(asForeignCandidate(keys, globalKeys, c))
  }
  const { reasons, ...replay } = judgeReplay(keys, earlier)
  return { check_id: event.check_id, tenant_id: event.tenant_id, replay, reasons }
}
