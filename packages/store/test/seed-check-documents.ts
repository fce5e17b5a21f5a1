import { pendingRecord } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { stageSlots } from '../src/check-repository'
import { hourBucket, minuteBucket } from '../src/store-queries'

export const seedTenant = (i: number) => `ten_seed${i}`
export const seedCheckId = (i: number) => `chk_seed${String(i).padStart(8, '0')}`

/** Who seeded check `i` belongs to and when it was made. */
export interface SeedCheck {
  i: number
  id: string
  tenantId: string
  created: Date
  /** Checks as stored before `created_hour` existed. */
  withoutCreatedHour?: boolean
}

/** The check.submitted.v1 payload of a seeded check. */
function seedSubmission({ i, id, tenantId, created }: SeedCheck) {
  return {
    check_id: id,
    tenant_id: tenantId,
    created_at: created.toISOString(),
    file: {
      key: `receipts/${tenantId}/${i.toString(16).padStart(64, '0')}`,
      sha256: i.toString(16).padStart(64, '0'),
    },
    expectation: { amount: { value: '1500.00', currency: 'RUB' } },
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  }
}

/** A finished check's `checks`, `check_completions` and `check_stages` documents, as the pipeline leaves them. */
function seedCheckCollections(seed: SeedCheck, submission: ReturnType<typeof seedSubmission>) {
  const { i, id, tenantId, created } = seed
  const record: CheckRecord = {
    ...pendingRecord({
      checkId: id,
      tenantId,
      createdAt: created.toISOString(),
      orderRef: `order-${i}`,
      profile: { name: 'default', version: 1 },
      mode: 'pdf',
    }),
    status: 'done',
    recommendation: 'accept',
  }
  const updated = new Date(created.getTime() + 1500)
  return {
    check: {
      _id: id,
      tenant_id: tenantId,
      status: 'done',
      created_at: created,
      ...(seed.withoutCreatedHour ? {} : { created_hour: hourBucket(created) }),
      updated_at: updated,
      record,
      submission,
      published: true,
      completed_published: true,
    },
    completion: { _id: id, tenant_id: tenantId, status: 'done', record, at: updated },
    stages: stageSlots.map((slot) => ({
      _id: `${id}:${slot}`,
      check_id: id,
      slot,
      value: { check_id: id, tenant_id: tenantId, [slot]: { ok: true } },
      // The extraction result carries the submission (check.extracted.v1), and so does its slot.
      ...(slot === 'extraction' ? { submission } : {}),
    })),
  }
}

/**
 * The replay keys and idempotency record the gateway and the replay stage leave for a seeded check: every
 * other check as registered before 29 Nov 2026 (a `replay_checks` registration, a key without `keys`), the
 * others as since (the key carries them), as in a store that lived through the change.
 */
function seedCheckKeys({ i, id, tenantId, created }: SeedCheck, sha256: string) {
  const keys = { file_sha256: sha256 }
  const before = i % 2 === 0
  return {
    ...(before
      ? {
          replayCheck: {
            _id: `${tenantId}:${id}`,
            tenant_id: tenantId,
            check_id: id,
            keys,
            created_at: created.toISOString(),
          },
        }
      : {}),
    replayKey: {
      _id: `${tenantId}:file_sha256:${sha256}`,
      tenant_id: tenantId,
      kind: 'file_sha256',
      digest: sha256,
      check_id: id,
      created_at: created.toISOString(),
      ...(before ? {} : { keys }),
    },
    idempotency: {
      _id: `${tenantId}:order-${i}`,
      tenant_id: tenantId,
      key: `order-${i}`,
      fingerprint: 'f'.repeat(64),
      check_id: id,
      created_at: created,
      created_minute: minuteBucket(created),
    },
  }
}

/** Every document one finished check leaves, one field per collection (the stages: four). */
export function seedCheckDocuments(seed: SeedCheck) {
  const submission = seedSubmission(seed)
  return { ...seedCheckCollections(seed, submission), ...seedCheckKeys(seed, submission.file.sha256) }
}
