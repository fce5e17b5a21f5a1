import type { CheckReviewedV1 } from '@rv/schemas'
import type { CheckDecisionDocument } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { relayDecision, sweepDecisionsOnce } from './reviewed-outbox'

const t0 = new Date('2026-03-11T12:00:00.000Z')

function decision(seq: number, decidedAt: Date, published = false): CheckDecisionDocument {
  return {
    _id: `chk_1:${seq}`,
    check_id: 'chk_1',
    seq,
    tenant_id: 'ten_1',
    tenant_day: 'ten_1:2026-03-11',
    decision: 'forged',
    reason_code: 'edited_values',
    note: null,
    decided_by: 'a@example.test',
    role: 'analyst',
    record_sha256: 'a'.repeat(64),
    recommendation_was: 'review',
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    failed_checks: [],
    completed_at: t0,
    decided_at: decidedAt,
    published,
  }
}

/** An outbox over an in-memory collection (the real one: test/reviewed-outbox.int.test.ts). */
function outbox(
  docs: CheckDecisionDocument[],
  publish: (e: CheckReviewedV1) => Promise<void>,
  closeQueue: () => Promise<void> = async () => undefined,
) {
  const sent: CheckReviewedV1[] = []
  const asked: { olderThan: Date; limit: number }[] = []
  /** The order of what the sweep did: `close <id>`, `publish <id>`. */
  const steps: string[] = []
  return {
    sent,
    asked,
    steps,
    deps: {
      // The side effects (the real ones: test/decision-side-effects.int.test.ts): only the queue is seen here.
      queue: {
        close: async (checkId: string, _t: string, _lane: string, seq: number) => {
          await closeQueue()
          steps.push(`close ${checkId}:${seq}`)
        },
        find: async () => undefined,
        release: async () => undefined,
      },
      audit: { record: async () => undefined },
      checks: { findDocument: async () => undefined },
      reviews: { accept: async () => ({}) as never },
      forgerySet: { add: async () => true },
      decisions: {
        markPublished: async (id: string) => {
          for (const d of docs) if (d._id === id) d.published = true
        },
        findUnpublished: async (olderThan: Date, limit = 100) => {
          asked.push({ olderThan, limit })
          return docs.filter((d) => d.published === false && d.decided_at < olderThan).slice(0, limit)
        },
      },
      publishReviewed: async (e: CheckReviewedV1) => {
        await publish(e)
        sent.push(e)
        steps.push(`publish ${e.check_id}:${e.seq}`)
      },
      logger: { info: () => undefined, warn: () => undefined },
      now: () => t0,
      republishAfterMs: 10_000,
      batch: 2,
    },
  }
}

describe('the check.reviewed.v1 outbox', () => {
  it('the relay publishes the stored decision and raises its flag', async () => {
    const d = decision(1, t0)
    const o = outbox([d], async () => undefined)
    expect(await relayDecision(o.deps, d)).toBe(true)
    expect(d.published).toBe(true)
    expect(o.sent).toEqual([
      expect.objectContaining({ check_id: 'chk_1', seq: 1, decided_at: t0.toISOString() }),
    ])
  })

  it('a failed publish leaves the decision unpublished, and the sweeper publishes it later', async () => {
    const d = decision(1, new Date(t0.getTime() - 60_000))
    let down = true
    const o = outbox([d], async () => {
      if (down) throw new Error('broker down')
    })
    expect(await relayDecision(o.deps, d)).toBe(false)
    expect(d.published).toBe(false)
    down = false
    expect(await sweepDecisionsOnce(o.deps)).toEqual({ republished: 1 })
    expect(d.published).toBe(true)
    expect(o.sent.map((e) => `${e.check_id}:${e.seq}`)).toEqual(['chk_1:1'])
    expect(await sweepDecisionsOnce(o.deps)).toEqual({ republished: 0 })
  })

  it('sweeps in bounded batches, only decisions older than the relay’s window, oldest first', async () => {
    const old = (s: number) => decision(s, new Date(t0.getTime() - 60_000 + s))
    const docs = [old(1), old(2), old(3), decision(4, new Date(t0.getTime() - 1000))]
    const o = outbox(docs, async () => undefined)
    expect(await sweepDecisionsOnce(o.deps)).toEqual({ republished: 2 })
    expect(o.asked[0]).toEqual({ olderThan: new Date(t0.getTime() - 10_000), limit: 2 })
    expect(await sweepDecisionsOnce(o.deps)).toEqual({ republished: 1 })
    expect(o.sent.map((e) => e.seq)).toEqual([1, 2, 3])
    expect(docs[3]?.published).toBe(false)
  })

  it('a sweep stops at the first failed publish and leaves the rest for the next', async () => {
    const docs = [decision(1, new Date(t0.getTime() - 60_000)), decision(2, new Date(t0.getTime() - 50_000))]
    const o = outbox(docs, async () => {
      throw new Error('broker down')
    })
    await expect(sweepDecisionsOnce(o.deps)).rejects.toThrow('broker down')
    expect(docs.map((d) => d.published)).toEqual([false, false])
  })

  it('a sweep finishes a decision’s side effects before its event, and stops when they fail', async () => {
    const d = decision(1, new Date(t0.getTime() - 60_000))
    let storeDown = true
    const o = outbox(
      [d],
      async () => undefined,
      async () => {
        if (storeDown) throw new Error('store down')
      },
    )
    await expect(sweepDecisionsOnce(o.deps)).rejects.toThrow('store down')
    expect({ published: d.published, sent: o.sent }).toEqual({ published: false, sent: [] })
    storeDown = false
    expect(await sweepDecisionsOnce(o.deps)).toEqual({ republished: 1 })
    expect(o.steps).toEqual(['close chk_1:1', 'publish chk_1:1'])
  })
})
