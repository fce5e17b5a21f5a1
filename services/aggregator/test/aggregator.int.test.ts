import { fallbackRecommend } from '@rv/core'
import { createLogger } from '@rv/logger'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { createAggregatorHandler } from '../src/handler'
import { sweepOnce } from '../src/sweeper'
import { example, newSubmission, resultsFor, gatewayWrite as writePending } from './checks-fixture'

const store = useTestStore('it-aggregator', connectStore)

function submission(createdAt = '2026-03-11T07:12:00.000Z'): CheckSubmittedV1 {
  return newSubmission('AGG', createdAt)
}

function harness(now = new Date('2026-03-11T07:12:02.000Z')) {
  const completed: CheckRecord[] = []
  const republished: CheckSubmittedV1[] = []
  const handler = createAggregatorHandler({
    checks: store().checks,
    publishCompleted: async (record) => {
      completed.push(record)
    },
    recommendFor: async () => fallbackRecommend,
    now: () => now,
  })
  return { handler, completed, republished }
}

const gatewayWrite = (s: CheckSubmittedV1, published = true) => writePending(store(), s, published)

describe('aggregator handler on the real store', () => {
  it('shows progress, then finishes done once and publishes exactly once despite redelivery', async () => {
    const s = submission()
    await gatewayWrite(s)
    const { handler, completed } = harness()
    const r = resultsFor(s)
    await handler.onSubmitted(s)
    await handler.onResult(r.extraction)
    expect((await store().checks.findRecord('ten_a', s.check_id))?.status).toBe('processing')
    await handler.onResult(r.matching)
    await handler.onResult(r.authenticity)
    const replayed = r.replay
    await handler.onResult(replayed)
    await handler.onResult(replayed)
    await handler.onResult(r.matching)

    const record = await store().checks.findRecord('ten_a', s.check_id)
    expect(record).toMatchObject({
      status: 'done',
      order_ref: 'o-1',
      fields: example.fields,
      match: example.match,
      document: example.document,
      recommendation: 'review',
      reasons: ['decision_unavailable'],
      cost: { latency_ms: 2000 },
    })
    expect(completed.map((r) => r.id)).toEqual([s.check_id])
    expect(completed[0]).toEqual(record)
  })

  it('creates the check with its final write when the gateway write is missing', async () => {
    const s = submission()
    const { handler, completed } = harness()
    await handler.onSubmitted(s)
    for (const m of Object.values(resultsFor(s))) await handler.onResult(m)
    expect(completed.map((r) => r.id)).toEqual([s.check_id])
    expect(await store().checks.findDocument(s.check_id)).toMatchObject({
      status: 'done',
      record: { order_ref: 'o-1' },
      submission: { check_id: s.check_id },
      completed_published: true,
    })
  })

  it('fails a check whose extraction reported an error, without waiting for other stages', async () => {
    const s = submission()
    await gatewayWrite(s)
    const { handler, completed } = harness()
    const error = { code: 'pdf_encrypted', message: 'The PDF is encrypted.', retryable: false }
    await handler.onResult({
      topic: 'check.extracted.v1',
      value: { check_id: s.check_id, tenant_id: s.tenant_id, submission: s, extraction: null, error },
    })
    const record = await store().checks.findRecord('ten_a', s.check_id)
    expect(record).toMatchObject({
      status: 'failed',
      error,
      reasons: ['stage_failed:extraction', 'decision_unavailable'],
    })
    expect(completed).toHaveLength(1)
  })
})

describe('sweeper on the real store', () => {
  it('republishes unpublished submissions and fails checks stuck past the deadline', async () => {
    const unpublished = submission('2026-03-11T07:00:00.000Z')
    await gatewayWrite(unpublished, false)
    const stuck = submission('2026-03-11T06:00:00.000Z')
    await gatewayWrite(stuck)
    const now = new Date('2026-03-11T07:30:00.000Z')
    const { handler, completed } = harness(now)
    const republished: CheckSubmittedV1[] = []
    const report = await sweepOnce({
      checks: store().checks,
      handler,
      publishSubmitted: async (value) => {
        republished.push(value)
      },
      publishCompleted: async (record) => {
        completed.push(record)
      },
      logger: createLogger({ level: 'silent' }),
      now: () => now,
      republishAfterMs: 60_000,
      deadlineMs: 3_600_000,
    })
    expect(republished.map((s) => s.check_id)).toEqual([unpublished.check_id])
    expect(report.republished).toBe(1)
    expect(report.timedOut).toBeGreaterThanOrEqual(1)
    const failed = await store().checks.findRecord('ten_a', stuck.check_id)
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'stage_timeout' } })
    expect(failed?.reasons[0]).toBe('stage_timeout:extraction')
    expect((await store().checks.findRecord('ten_a', unpublished.check_id))?.status).toBe('pending')
    expect(completed.map((r) => r.id)).toContain(stuck.check_id)
    const second = await sweepOnce({
      checks: store().checks,
      handler,
      publishSubmitted: async (value) => {
        republished.push(value)
      },
      publishCompleted: async (record) => {
        completed.push(record)
      },
      logger: createLogger({ level: 'silent' }),
      now: () => now,
      republishAfterMs: 60_000,
      deadlineMs: 3_600_000,
    })
    expect(second.republished).toBe(0)
    expect(republished).toHaveLength(1)
  })

  it('purges idempotency records past the retention, in batches', async () => {
    const t0 = new Date('2026-03-11T00:00:00.000Z')
    for (let i = 0; i < 5; i++)
      await store().idempotency.claim({
        tenantId: 'ten_sw',
        key: `k${i}`,
        fingerprint: 'fp',
        checkId: `chk_k${i}`,
        now: t0,
      })
    const now = new Date(t0.getTime() + 25 * 60 * 60 * 1000)
    await store().idempotency.claim({
      tenantId: 'ten_sw',
      key: 'fresh',
      fingerprint: 'fp',
      checkId: 'chk_f',
      now,
    })
    const report = await sweepOnce({
      checks: store().checks,
      handler: harness(now).handler,
      publishSubmitted: async () => {},
      publishCompleted: async () => {},
      logger: createLogger({ level: 'silent' }),
      now: () => now,
      republishAfterMs: 60_000,
      deadlineMs: 3_600_000,
      idempotency: store().idempotency,
      idempotencyPurgeBatch: 2,
    })
    expect(report.idempotencyPurged).toBe(5)
    const left = await store().db.collection('idempotency').find({ tenant_id: 'ten_sw' }).toArray()
    expect(left.map((d) => d.key)).toEqual(['fresh'])
  })
})
