import { fallbackRecommend } from '@rv/core'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { createAggregatorHandler, StageTenantMismatchError } from '../src/handler'
import type { ResultMessage } from '../src/to-aggregate-event'
import { gatewayWrite, newSubmission, resultsFor } from './checks-fixture'

// A stage result naming another tenant than its check's is refused (the consumer dead-letters it), never
// merged: the bus is not trusted to keep tenants apart.
const store = useTestStore('it-agg-tenant', connectStore)

const handler = () =>
  createAggregatorHandler({
    checks: store().checks,
    isErased: store().tombstones.isErasedCheck,
    publishCompleted: async () => undefined,
    recommendFor: async () => fallbackRecommend,
    now: () => new Date('2026-03-11T07:12:02.000Z'),
  })

/** The same result with another tenant on it. */
function foreign(message: ResultMessage): ResultMessage {
  return { ...message, value: { ...message.value, tenant_id: 'ten_mallory' } } as ResultMessage
}

describe('stage results checked against the check tenant', () => {
  it('refuses a result of another tenant permanently and stores nothing of it', async () => {
    const s = newSubmission('TEN', '2026-03-11T07:12:00.000Z')
    await gatewayWrite(store(), s)
    const r = resultsFor(s)
    // A fresh process (nothing in memory): the owner comes from the check the gateway wrote.
    const error = await handler()
      .onResult(foreign(r.matching))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StageTenantMismatchError)
    expect(error).toMatchObject({ code: 'stage_result_tenant_mismatch', retryable: false })
    expect((await store().checks.findStages(s.check_id)).stages).toEqual({})

    // Also when this process saw the submission, and for an extraction whose own submission disagrees.
    const seen = handler()
    await seen.onSubmitted(s)
    await expect(seen.onResult(foreign(r.authenticity))).rejects.toBeInstanceOf(StageTenantMismatchError)
    const extraction = r.extraction as Extract<ResultMessage, { topic: 'check.extracted.v1' }>
    const smuggled = {
      ...extraction,
      value: { ...extraction.value, submission: { ...s, tenant_id: 'ten_mallory' } },
    }
    await expect(seen.onResult(smuggled)).rejects.toBeInstanceOf(StageTenantMismatchError)
    expect((await store().checks.findStages(s.check_id)).stages).toEqual({})

    // The check's own results still finish it.
    for (const m of Object.values(r)) await seen.onResult(m)
    expect((await store().checks.findRecord(s.tenant_id, s.check_id))?.status).toBe('done')
  })

  it('drops a result redelivered after the check was erased: nothing of it comes back', async () => {
    const s = newSubmission('ERA', '2026-03-11T07:12:00.000Z')
    await gatewayWrite(store(), s)
    const r = resultsFor(s)
    const first = handler()
    for (const m of Object.values(r)) await first.onResult(m)
    // The erasure's own steps on the check (packages/retention): tombstone first, documents last.
    await store().tombstones.bury(s.tenant_id, s.check_id, 'erasure')
    await store().checks.erase(s.check_id)
    for (const m of Object.values(r)) await handler().onResult(m)
    expect((await store().checks.findStages(s.check_id)).stages).toEqual({})
    expect(await store().checks.findRecord(s.tenant_id, s.check_id)).toBeUndefined()
  })
})
