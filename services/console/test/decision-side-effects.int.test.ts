/**
 * A decision's side effects are repairable, on the real store and S3: a console process killed after it
 * stored a decision and before it closed the queue entry, wrote the audit entry or taught the decision
 * leaves a decision the sweeper finishes from the stored document — the queue entry closed, the audit entry
 * present once, the sample taught once, however often it runs; and an older decision finished late never
 * moves the queue back from where a later one (higher `seq`) put it. Kafka's side of the outbox is
 * reviewed-outbox.int.test.ts's; here the publish is collected.
 */
import type { CheckReviewedV1 } from '@rv/schemas'
import { createS3Storage } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment } from '../../e2e/src/e2e-environment'
import { type ConsoleDeps, storeDepsOf } from '../src/console-deps'
import { recordDecision } from '../src/decisions/record-decision'
import { type DecisionSweeperDeps, sweepDecisionsOnce } from '../src/decisions/reviewed-outbox'
import { toQueueEntry } from '../src/queue/queue-entry'
import { killWhileDeciding } from './kill-while-deciding'
import { forgedPdf, storeCheck } from './review-fixtures'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'it-settle')
const bucket = e2e.env.S3_BUCKET!
const storage = createS3Storage({ ...stack.s3, bucket })

let store: Store
let tenantId = ''
const published: CheckReviewedV1[] = []

beforeAll(async () => {
  await storage.ensure()
  store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  await store.ensureIndexes()
  tenantId = (await store.tenants.createTenant(randomName('settle')))._id
}, 300_000)

afterAll(async () => {
  await store?.close()
  await e2e.cleanup.run()
})

/** A finished forged check in its tenant's queue, as the pipeline and the queue feed leave it. */
async function queuedCheck(id: string) {
  const forged = await forgedPdf(id)
  const { record } = await storeCheck(
    { store, storage, bucket },
    { id, tenantId, ...forged, contentType: 'application/pdf', now: new Date(Date.now() - 60_000) },
  )
  const entry = toQueueEntry(record)
  if (!entry) throw new Error(`${id} needs no review`)
  await store.reviewQueue.enqueue(entry)
  return { record, queue: entry.queue }
}

const sweeper = (): DecisionSweeperDeps => ({
  decisions: store.decisions,
  queue: store.reviewQueue,
  audit: store.audit,
  checks: store.checks,
  reviews: store.reviews,
  forgerySet: store.forgerySet,
  publishReviewed: async (e) => void published.push(e),
  logger: { info: () => undefined, warn: () => undefined },
  now: () => new Date(),
  republishAfterMs: 0,
  batch: 100,
})

/** The state a sweep must repair again: its decisions unpublished, as if their relay never finished. */
const unpublish = (checkId: string) =>
  store.db.collection('check_decisions').updateMany({ check_id: checkId }, { $set: { published: false } })

const auditActions = async (checkId: string) =>
  (await store.audit.ofCheck(tenantId, checkId)).map((e) => e.action).sort()

describe("a decision's side effects", () => {
  it('a console killed between the insert and the side effects: the sweeper finishes them, once', async () => {
    const checkId = 'chk_SettleKilled01'
    const { queue } = await queuedCheck(checkId)
    await killWhileDeciding(checkId, tenantId, e2e.env, 'settle')

    // What the kill left: the decision, and nothing of its side effects.
    expect((await store.decisions.list(tenantId, checkId))[0]).toMatchObject({ seq: 1, published: false })
    expect(await store.reviewQueue.find(tenantId, checkId)).toMatchObject({
      lane: `${tenantId}:${queue}`,
      waiting_in: queue,
    })
    expect(await auditActions(checkId)).toEqual([])
    expect((await store.forgerySet.ofTenant(tenantId)).map((c) => c._id)).not.toContain(checkId)

    expect(await sweepDecisionsOnce(sweeper())).toEqual({ republished: 1 })
    const repaired = async () => ({
      entry: await store.reviewQueue.find(tenantId, checkId),
      audit: await auditActions(checkId),
      cases: (await store.forgerySet.ofTenant(tenantId)).filter((c) => c._id === checkId).length,
      published: (await store.decisions.list(tenantId, checkId))[0]?.published,
    })
    const expected = {
      entry: expect.objectContaining({ lane: `${tenantId}:decided`, waiting_in: 'decided', decided_seq: 1 }),
      audit: ['decide'],
      cases: 1,
      published: true,
    }
    expect(await repaired()).toEqual(expected)
    expect(published.filter((e) => e.check_id === checkId).map((e) => e.seq)).toEqual([1])

    // Swept again (as after a flag that failed to rise): the same event again, nothing written twice.
    await unpublish(checkId)
    expect(await sweepDecisionsOnce(sweeper())).toEqual({ republished: 1 })
    expect(await repaired()).toEqual(expected)
  })

  it("an escalation finished late never moves back a lead's later decision; each entry written once", async () => {
    const checkId = 'chk_SettleLater01'
    const { record } = await queuedCheck(checkId)
    // An analyst's escalation, stored and then the process died (no side effect done).
    await store.decisions.append({
      check_id: checkId,
      tenant_id: tenantId,
      decision: 'escalate',
      reason_code: null,
      note: null,
      decided_by: 'analyst@settle.test',
      role: 'analyst',
      record_sha256: 'a'.repeat(64),
      recommendation_was: record.recommendation,
      family: record.document.family,
      verdict_was: record.document.verdict,
      failed_checks: [],
      completed_at: new Date(Date.now() - 60_000),
    })
    // A lead decides it genuine meanwhile (seq 2): the queue entry is closed as decided.
    const now = new Date()
    const deps: ConsoleDeps = {
      ...storeDepsOf(store),
      publishReviewed: async (e) => void published.push(e),
      storage,
      settings: { publicUrl: 'http://127.0.0.1', sessionMs: 60_000, leaseMs: 60_000 },
    }
    const lead = {
      email: 'lead@settle.test',
      tenant_id: tenantId,
      role: 'lead' as const,
      csrf: 'x',
      created_at: now,
      expires_at: new Date(now.getTime() + 60_000),
    }
    const outcome = await recordDecision(deps, lead, checkId, {
      decision: 'genuine',
      reason_code: null,
      note: null,
    })
    expect(outcome).toMatchObject({ ok: true, published: true, learned: true })
    expect(outcome.ok && outcome.event.seq).toBe(2)

    const eventsOf = () => published.filter((e) => e.check_id === checkId).map((e) => e.seq)
    expect(eventsOf()).toEqual([2])
    await sweepDecisionsOnce(sweeper())
    expect(eventsOf()).toEqual([2, 1])
    const state = async () => ({
      entry: await store.reviewQueue.find(tenantId, checkId),
      audit: await auditActions(checkId),
      accepted: await store.db.collection('review_decisions').countDocuments({ _id: checkId as never }),
    })
    const expected = {
      entry: expect.objectContaining({ lane: `${tenantId}:decided`, waiting_in: 'decided', decided_seq: 2 }),
      audit: ['decide', 'escalate'],
      accepted: 1,
    }
    expect(await state()).toEqual(expected)
    await unpublish(checkId)
    await sweepDecisionsOnce(sweeper())
    expect(eventsOf()).toEqual([2, 1, 1, 2])
    expect(await state()).toEqual(expected)
  })

  it('a decision stored before the outbox (no published flag) counts as published: never re-sent or re-settled', async () => {
    const checkId = 'chk_SettleLegacy01'
    const { queue } = await queuedCheck(checkId)
    const stored = await store.decisions.append({
      check_id: checkId,
      tenant_id: tenantId,
      decision: 'genuine',
      reason_code: null,
      note: null,
      decided_by: 'analyst@settle.test',
      role: 'analyst',
      record_sha256: 'a'.repeat(64),
      recommendation_was: 'review',
      family: null,
      verdict_was: null,
      failed_checks: [],
      completed_at: new Date(Date.now() - 60_000),
    })
    await store.db
      .collection('check_decisions')
      .updateOne({ _id: stored?._id as never }, { $unset: { published: '' } })
    await sweepDecisionsOnce(sweeper())
    expect(published.filter((e) => e.check_id === checkId)).toEqual([])
    expect(await auditActions(checkId)).toEqual([])
    expect(await store.reviewQueue.find(tenantId, checkId)).toMatchObject({ waiting_in: queue })
  })
})
