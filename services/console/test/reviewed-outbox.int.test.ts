/**
 * The check.reviewed.v1 outbox on the real stack (MongoDB, Kafka with the registry, MinIO): a decision made
 * while the publish fails is stored unpublished and published later by the sweeper; a console process killed
 * between storing a decision and publishing it loses nothing — the console started again publishes it. Every
 * event carries its dedupe key (check_id + seq).
 */
import { createEventBus, type EventBus } from '@rv/kafka'
import type { CheckReviewedV1 } from '@rv/schemas'
import { createS3Storage } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment } from '../../e2e/src/e2e-environment'
import { startConsole } from '../../e2e/src/start-console'
import { freePort } from '../../e2e/src/start-services'
import { type ConsoleDeps, storeDepsOf } from '../src/console-deps'
import { recordDecision } from '../src/decisions/record-decision'
import { sweepDecisionsOnce } from '../src/decisions/reviewed-outbox'
import { toQueueEntry } from '../src/queue/queue-entry'
import { killWhileDeciding } from './kill-while-deciding'
import { forgedPdf, storeCheck } from './review-fixtures'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'it-outbox')
const bucket = e2e.env.S3_BUCKET!
const storage = createS3Storage({ ...stack.s3, bucket })
const logger = { info: () => undefined, warn: () => undefined }

let store: Store
let bus: EventBus
let tenantId = ''
const reviewed: CheckReviewedV1[] = []

/** A finished forged check in its tenant's queue, as the pipeline and the queue feed leave it. */
async function queuedCheck(id: string): Promise<void> {
  const forged = await forgedPdf(id)
  const { record } = await storeCheck(
    { store, storage, bucket },
    { id, tenantId, ...forged, contentType: 'application/pdf', now: new Date(Date.now() - 60_000) },
  )
  const entry = toQueueEntry(record)
  if (!entry) throw new Error(`${id} needs no review`)
  await store.reviewQueue.enqueue(entry)
}

async function eventually<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await read()
    if (ok(v) || Date.now() > deadline) return v
    await new Promise((r) => setTimeout(r, 250))
  }
}

const eventsOf = (checkId: string) => reviewed.filter((e) => e.check_id === checkId)

beforeAll(async () => {
  await storage.ensure()
  store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  await store.ensureIndexes()
  tenantId = (await store.tenants.createTenant(randomName('outbox')))._id
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'it-outbox-test',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: e2e.topicPrefix,
    shutdown: false,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  await bus.consume({
    groupId: randomName('it-outbox-reviewed'),
    topics: ['check.reviewed.v1'],
    handle: async ({ value }) => {
      reviewed.push(value)
    },
  })
}, 300_000)

afterAll(async () => {
  await bus?.close()
  await store?.close()
  await e2e.cleanup.run()
})

describe('check.reviewed.v1 outbox', () => {
  it('a decision made while the publish fails is stored unpublished, and the sweeper publishes it', async () => {
    const checkId = 'chk_OutboxThrows01'
    await queuedCheck(checkId)
    const deps: ConsoleDeps = {
      ...storeDepsOf(store),
      storage,
      publishReviewed: async () => {
        throw new Error('broker unreachable')
      },
      settings: { publicUrl: 'http://127.0.0.1', sessionMs: 60_000, leaseMs: 60_000 },
    }
    const now = new Date()
    const session = {
      email: 'analyst@outbox.test',
      tenant_id: tenantId,
      role: 'analyst' as const,
      csrf: 'x',
      created_at: now,
      expires_at: new Date(now.getTime() + 60_000),
    }
    const outcome = await recordDecision(deps, session, checkId, {
      decision: 'forged',
      reason_code: 'edited_values',
      note: null,
    })
    expect(outcome).toMatchObject({ ok: true, published: false })
    const [stored] = await store.decisions.list(tenantId, checkId)
    expect(stored).toMatchObject({ _id: `${checkId}:1`, published: false })

    const sweep = {
      decisions: store.decisions,
      queue: store.reviewQueue,
      audit: store.audit,
      checks: store.checks,
      reviews: store.reviews,
      forgerySet: store.forgerySet,
      publishReviewed: async (e: CheckReviewedV1) => bus.publish('check.reviewed.v1', e.check_id, e),
      logger,
      now: () => new Date(),
      republishAfterMs: 0,
      batch: 100,
    }
    // Only decisions older than the relay's window are swept: this one is still the relay's.
    expect(await sweepDecisionsOnce({ ...sweep, republishAfterMs: 60_000 })).toEqual({ republished: 0 })
    expect(await sweepDecisionsOnce(sweep)).toEqual({ republished: 1 })
    expect((await store.decisions.list(tenantId, checkId))[0]?.published).toBe(true)
    const events = await eventually(
      () => eventsOf(checkId),
      (e) => e.length > 0,
    )
    expect(events).toEqual([
      expect.objectContaining({
        check_id: checkId,
        seq: 1,
        decision: 'forged',
        decided_at: stored?.decided_at.toISOString(),
      }),
    ])
    expect(await sweepDecisionsOnce(sweep)).toEqual({ republished: 0 })
  })

  it('a console killed between storing a decision and publishing it loses nothing', async () => {
    const checkId = 'chk_OutboxKilled01'
    await queuedCheck(checkId)
    await killWhileDeciding(checkId, tenantId, e2e.env)
    const [stored] = await store.decisions.list(tenantId, checkId)
    expect(stored).toMatchObject({ seq: 1, decision: 'forged', published: false })
    expect(eventsOf(checkId)).toEqual([])

    // The console started again: its sweeper finds the decision unpublished and publishes it.
    const app = await startConsole({
      env: { ...e2e.env, CONSOLE_SWEEP_INTERVAL_MS: '500', CONSOLE_REPUBLISH_AFTER_MS: '1000' },
      port: await freePort(),
      output: 'inherit',
      timeoutMs: 120_000,
    })
    try {
      const events = await eventually(
        () => eventsOf(checkId),
        (e) => e.length > 0,
        90_000,
      )
      expect(events.map((e) => `${e.check_id}:${e.seq}:${e.decision}`)).toEqual([`${checkId}:1:forged`])
      const flagged = await eventually(
        async () => (await store.decisions.list(tenantId, checkId))[0]?.published,
        (p) => p === true,
      )
      expect(flagged).toBe(true)
    } finally {
      await app.stop()
    }
  })
})
