import { assessAuthenticity, TEMPLATE_DRIFT_CHECK } from '@rv/core/authenticity'
import { parsePdf } from '@rv/core/pdf'
import { createFingerprintCache, learnFamilyFromFiles } from '@rv/fingerprints'
import { generateReceipt } from '@rv/generator'
import type { CheckExtractedV1 } from '@rv/schemas'
import { createS3Storage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type AuthenticityDeps, handleExtracted } from '../src/handler'
import { storedReceiptEvent } from './stored-receipt-event'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-auth-fingerprints')
const store = useTestStore('it-auth-fingerprints', connectStore)
const storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
let deps: AuthenticityDeps
const cache = () => createFingerprintCache({ loadActive: () => store().fingerprints.activeAll() })
let judging: ReturnType<typeof cache>

beforeAll(async () => {
  await storage.ensure()
  judging = cache()
  await judging.refresh()
  deps = {
    readFile: (key) => storage.get(key),
    parsePdf,
    assessAuthenticity,
    fingerprints: judging.registry,
    templateDrift: {
      record: store().sightings.record,
      minPayers: 3,
      minTenants: 2,
      windowMs: 7 * 24 * 3_600_000,
    },
  }
})
afterAll(() => cleanup.run())

let n = 0
/** A generated VTB receipt stored in S3 and its check.extracted.v1 event, as the pipeline sends it. */
function submitted(seed: string, tenantId = 'ten_a'): Promise<CheckExtractedV1> {
  const receipt = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed })
  return storedReceiptEvent(storage, receipt, {
    checkId: `chk_01AUTHFP${String(++n).padStart(16, '0')}`,
    tenantId,
  })
}

const versionOf = (checks: { name: string; detail: string }[]) =>
  checks.find((c) => c.name === 'fingerprint.version')?.detail.split(':')[0]

describe('authenticity judging with fingerprints learned in production', () => {
  it('judges with the committed fingerprint, then with a newly learned active version after a refresh', async () => {
    const before = await handleExtracted(await submitted('fp-1'), deps)
    expect(before?.document.verdict).toBe('genuine')
    expect(versionOf(before!.document.checks)).toBe('builtin')

    const files = Array.from(
      { length: 10 },
      (_, i) => generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: `learn-${i}` }).pdf,
    )
    const { document } = await store().fingerprints.save('vtb', learnFamilyFromFiles('vtb', files), {
      folder: 10,
      accepted: 0,
    })
    await store().fingerprints.activate('vtb', document.version)
    // Not per message: the cached view changes only when refreshed.
    expect(versionOf((await handleExtracted(await submitted('fp-2'), deps))!.document.checks)).toBe('builtin')
    await judging.refresh()
    const after = await handleExtracted(await submitted('fp-3'), deps)
    expect(versionOf(after!.document.checks)).toBe(`v${document.version}`)
    expect(after?.document.verdict).toBe('genuine')

    await store().fingerprints.rollback('vtb')
    await judging.refresh()
    expect(versionOf((await handleExtracted(await submitted('fp-4'), deps))!.document.checks)).toBe('builtin')
  })

  it('names an unseen generator template drift, and stops counting it as evidence, once enough payers at enough tenants sent it', async () => {
    // An active version that has never seen the generator these receipts carry: what a bank's app update
    // looks like from the service's side.
    const files = Array.from(
      { length: 10 },
      (_, i) => generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: `old-${i}` }).pdf,
    )
    const learned = learnFamilyFromFiles('vtb', files)
    // The producer is a version-bound fact: the older fingerprint knows it in its one version too.
    const older = 'an older producer 1.0'
    const old = {
      ...learned,
      categorical: { ...learned.categorical, producer: [older] },
      versions: learned.versions?.map((v) => ({
        ...v,
        producer: older,
        categorical: { ...v.categorical, producer: [older] },
      })),
    }
    const { document } = await store().fingerprints.save('vtb', old, { folder: 10, accepted: 0 })
    await store().fingerprints.activate('vtb', document.version)
    await judging.refresh()

    const payers: (string | null | undefined)[] = []
    const judge = async (seed: string, tenant: string) => {
      const event = await submitted(seed, tenant)
      payers.push(event.extraction?.fields.sender_name)
      return (await handleExtracted(event, deps))!.document
    }
    // Each seed is another payer (the generator draws the sender name from it; asserted at the end).
    // The same payer again never counts twice:
    const counted = (d: { checks: { name: string; detail: string }[] }) =>
      d.checks.find((c) => c.name === 'verdict.score')?.detail.includes('generator.producer +')
    const hasDrift = (d: { checks: { name: string }[] }) =>
      d.checks.some((c) => c.name === TEMPLATE_DRIFT_CHECK)
    expect(hasDrift(await judge('drift-1', 'ten_a'))).toBe(false)
    const first = await judge('drift-1', 'ten_a')
    expect(hasDrift(first)).toBe(false)
    expect(counted(first)).toBe(true)
    expect(first.checks.find((c) => c.name === 'generator.producer')).toMatchObject({
      hard: false,
      passed: false,
    })
    expect(hasDrift(await judge('drift-2', 'ten_a'))).toBe(false)
    // Three payers, but all at one tenant: not yet.
    expect(hasDrift(await judge('drift-3', 'ten_a'))).toBe(false)
    // A fourth payer at a second tenant meets both thresholds.
    const drift = await judge('drift-4', 'ten_b')
    expect(counted(drift)).toBe(false)
    expect(drift.verdict).toBe('genuine')
    expect(drift.checks.find((c) => c.name === TEMPLATE_DRIFT_CHECK)).toMatchObject({
      hard: false,
      passed: false,
    })
    expect(drift.checks.find((c) => c.name === 'generator.producer')).toMatchObject({
      hard: false,
      passed: false,
    })
    expect(versionOf(drift.checks)).toBe(`v${document.version}`)
    expect(new Set(payers.slice(1)).size).toBe(4)
    expect(payers[0]).toBe(payers[1])
  })
})
