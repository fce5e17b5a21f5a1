/**
 * The aggregator's write model on the real store: slots written once, decisions from memory or one read,
 * the terminal record claimed once and put on the check with its outbox flag after the publish. These are
 * the cases the per-result read of the check used to cover: several replicas, a failed publish, a crash
 * between the claim and the final write.
 */
import { fallbackRecommend, pendingRecord } from '@rv/core'
import { createLogger } from '@rv/logger'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { createAggregatorHandler } from '../src/handler'
import { sweepOnce } from '../src/sweeper'
import { resultEvent, submissionInfo } from '../src/to-aggregate-event'
import { example, gatewayWrite, newSubmission, resultsFor } from './checks-fixture'

const store = useTestStore('it-agg-writes', connectStore)

async function submitted(createdAt = new Date().toISOString()): Promise<CheckSubmittedV1> {
  const s = newSubmission('WRT', createdAt)
  await gatewayWrite(store(), s)
  return s
}

function replica(publish: (record: CheckRecord) => Promise<void>, aheadMs = 0) {
  return createAggregatorHandler({
    checks: store().checks,
    publishCompleted: publish,
    recommendFor: async () => fallbackRecommend,
    now: () => new Date(Date.now() + aheadMs),
    repairAfterMs: 10_000,
  })
}

function sweep(
  handler: ReturnType<typeof replica>,
  completed: CheckRecord[],
  deadlineMs = 3_600_000,
  aheadMs = 1000,
) {
  return sweepOnce({
    checks: store().checks,
    handler,
    publishSubmitted: async () => {},
    publishCompleted: async (record) => {
      completed.push(record)
    },
    logger: createLogger({ level: 'silent' }),
    now: () => new Date(Date.now() + aheadMs),
    republishAfterMs: 0,
    deadlineMs,
  })
}

describe('aggregator write model on the real store', () => {
  it('finishes a check once when two replicas share its results, concurrently', async () => {
    const s = await submitted()
    const r = resultsFor(s)
    const completed: CheckRecord[] = []
    const publish = async (record: CheckRecord) => {
      completed.push(record)
    }
    const a = replica(publish)
    const b = replica(publish)
    await a.onSubmitted(s)
    await a.onResult(r.extraction)
    expect((await store().checks.findRecord(s.tenant_id, s.check_id))?.status).toBe('processing')
    await Promise.all([a.onResult(r.matching), b.onResult(r.authenticity), b.onResult(r.replay)])
    // Whoever stored last saw all four slots (its own memory being incomplete, it read them).
    expect(completed.map((c) => c.id)).toEqual([s.check_id])
    expect(completed[0]).toMatchObject({ status: 'done', order_ref: 'o-1', match: example.match })
    expect(await store().checks.findDocument(s.check_id)).toMatchObject({
      status: 'done',
      completed_published: true,
    })
    // Redelivery to either replica changes nothing and publishes nothing.
    await a.onResult(r.replay)
    await b.onResult(r.extraction)
    expect(completed).toHaveLength(1)
  })

  it('decides a check whose extraction slot lacks the submission, reading it from the check', async () => {
    const s = await submitted()
    const r = resultsFor(s)
    // As an aggregator before slots carried the submission wrote it.
    await store().checks.insertStage(s.check_id, 'extraction', resultEvent(r.extraction).event)
    const completed: CheckRecord[] = []
    const handler = replica(async (record) => {
      completed.push(record)
    })
    for (const stage of ['authenticity', 'matching', 'replay'] as const) await handler.onResult(r[stage])
    expect(completed.map((c) => c.id)).toEqual([s.check_id])
    expect(completed[0]?.fields).toEqual(example.fields)
  })

  it('leaves a completion whose publish failed to the sweeper, with the record already terminal', async () => {
    const s = await submitted()
    const r = resultsFor(s)
    const handler = replica(async () => {
      throw new Error('broker down')
    })
    await handler.onResult(r.extraction)
    await handler.onResult(r.authenticity)
    await handler.onResult(r.matching)
    await expect(handler.onResult(r.replay)).rejects.toThrow('broker down')
    expect(await store().checks.findDocument(s.check_id)).toMatchObject({
      status: 'done',
      completed_published: false,
    })
    const completed: CheckRecord[] = []
    const report = await sweep(handler, completed)
    expect(report.completedRepublished).toBeGreaterThanOrEqual(1)
    expect(completed.filter((c) => c.id === s.check_id)).toHaveLength(1)
    expect((await store().checks.findDocument(s.check_id))?.completed_published).toBe(true)
  })

  it('repairs a check whose claimer died between the claim and its final write', async () => {
    const s = await submitted(new Date(Date.now() - 120_000).toISOString())
    const r = resultsFor(s)
    // Its sweeper runs once the claim is older than REPUBLISH_AFTER_MS.
    const handler = replica(async () => {}, 30_000)
    for (const stage of ['extraction', 'authenticity', 'matching', 'replay'] as const)
      await store().checks.insertStage(s.check_id, stage, resultEvent(r[stage]).event)
    const claimed: CheckRecord = {
      ...pendingRecord(submissionInfo(s)),
      status: 'done',
      recommendation: 'review',
      reasons: ['decision_unavailable'],
    }
    expect(await store().checks.claimCompletion(claimed)).toBe(true)
    // The crash: no publish, no final write. The check still looks running, past its deadline.
    const completed: CheckRecord[] = []
    await sweep(handler, completed, 60_000, 30_000)
    await sweep(handler, completed, 60_000, 30_000)
    expect(completed.filter((c) => c.id === s.check_id)).toEqual([claimed])
    expect(await store().checks.findDocument(s.check_id)).toMatchObject({
      status: 'done',
      completed_published: true,
    })
  })

  it('lets a fresh claim of another replica finish: no repair under it, one completion', async () => {
    const s = await submitted()
    const r = resultsFor(s)
    for (const stage of ['extraction', 'authenticity', 'matching', 'replay'] as const)
      await store().checks.insertStage(
        s.check_id,
        stage,
        resultEvent(r[stage]).event,
        stage === 'extraction' ? (s as never) : undefined,
      )
    const claimed: CheckRecord = {
      ...pendingRecord(submissionInfo(s)),
      status: 'done',
      recommendation: 'review',
    }
    // Replica A has claimed and is publishing; B gets a redelivered result meanwhile.
    expect(await store().checks.claimCompletion(claimed)).toBe(true)
    const published: CheckRecord[] = []
    await replica(async (record) => {
      published.push(record)
    }).onResult(r.matching)
    expect(published).toEqual([])
    expect((await store().checks.findDocument(s.check_id))?.completed_published).toBeUndefined()
    await store().checks.finishCompleted(claimed, true)
    const completed: CheckRecord[] = []
    await sweep(
      replica(async () => {}),
      completed,
    )
    expect(completed.filter((c) => c.id === s.check_id)).toEqual([])
  })

  it("ends terminal when the gateway's late insert lands between the final update and the final insert", async () => {
    // The gateway published, then its insert was held up past the whole pipeline.
    const s = newSubmission('LATE', new Date().toISOString())
    const r = resultsFor(s)
    const completed: CheckRecord[] = []
    const handler = createAggregatorHandler({
      checks: {
        ...store().checks,
        insertFinished: async (record, submission, published) => {
          await gatewayWrite(store(), s)
          return store().checks.insertFinished(record, submission, published)
        },
      },
      publishCompleted: async (record) => {
        completed.push(record)
      },
      recommendFor: async () => fallbackRecommend,
      now: () => new Date(),
    })
    for (const m of Object.values(r)) await handler.onResult(m)
    expect(completed.map((c) => c.id)).toEqual([s.check_id])
    expect(await store().checks.findDocument(s.check_id)).toMatchObject({
      status: 'done',
      completed_published: true,
    })
  })

  it('claims once per process when the last two results are decided at the same moment', async () => {
    const s = await submitted()
    const r = resultsFor(s)
    const published: CheckRecord[] = []
    const claims: string[] = []
    const handler = createAggregatorHandler({
      checks: {
        ...store().checks,
        claimCompletion: async (record, before) => {
          claims.push(record.id)
          return store().checks.claimCompletion(record, before)
        },
      },
      publishCompleted: async (record) => {
        published.push(record)
      },
      recommendFor: async () => fallbackRecommend,
      now: () => new Date(),
    })
    await handler.onSubmitted(s)
    await handler.onResult(r.extraction)
    await handler.onResult(r.authenticity)
    await Promise.all([handler.onResult(r.matching), handler.onResult(r.replay)])
    expect(published.map((c) => c.id)).toEqual([s.check_id])
    expect(claims).toEqual([s.check_id])
  })
})
