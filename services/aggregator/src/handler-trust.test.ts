import { defaultProfile, pendingRecord, recommendWith } from '@rv/core'
import type { Ownership } from '@rv/kafka'
import type { CheckRecord } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { newSubmission, resultsFor } from '../test/checks-fixture'
import { createInMemoryChecks } from '../test/in-memory-checks'
import { createAggregatorHandler } from './handler'
import { submissionInfo } from './to-aggregate-event'

const now = new Date('2026-03-11T07:12:02.000Z')
const began = Date.parse('2026-03-11T07:00:00.000Z')
const produced = Date.parse('2026-03-11T07:12:00.000Z')

/** A store counting the slot reads, and a process whose consumer holds `own()`. */
function harness(own: () => Ownership | undefined) {
  const store = createInMemoryChecks()
  let reads = 0
  const findStages = store.checks.findStages
  const published: CheckRecord[] = []
  // The previous owner of the check's partitions: same store, its own memory, no ownership.
  const previousOwner = createAggregatorHandler({
    checks: store.checks,
    publishCompleted: async (record) => {
      published.push(record)
    },
    recommendFor: async () => recommendWith(defaultProfile),
    now: () => now,
  })
  const handler = createAggregatorHandler({
    checks: {
      ...store.checks,
      findStages: (id) => {
        reads++
        return findStages(id)
      },
    },
    publishCompleted: async (record) => {
      published.push(record)
    },
    recommendFor: async () => recommendWith(defaultProfile),
    now: () => now,
    ownership: own,
  })
  const submission = newSubmission('TRS', '2026-03-11T07:12:00.000Z')
  store.gatewayWrite(
    pendingRecord(submissionInfo(submission)),
    submission as unknown as Record<string, unknown>,
  )
  return { store, handler, previousOwner, submission, published, reads: () => reads }
}

describe('aggregator handler: deciding from memory when every result comes here', () => {
  it('reads no slot when the check was submitted within a co-partitioned generation', async () => {
    const h = harness(() => ({ generation: 1, since: began, coPartitioned: true }))
    await h.handler.onSubmitted(h.submission, produced)
    for (const result of Object.values(resultsFor(h.submission))) await h.handler.onResult(result)
    expect(h.reads()).toBe(0)
    expect(h.published.map((r) => r.status)).toEqual(['done'])
    expect(h.store.log.filter((l) => l.startsWith('progress'))).toHaveLength(1)
  })

  it('reads after each result short of the last when the holding is not co-partitioned', async () => {
    const h = harness(() => ({ generation: 1, since: began, coPartitioned: false }))
    await h.handler.onSubmitted(h.submission, produced)
    for (const result of Object.values(resultsFor(h.submission))) await h.handler.onResult(result)
    expect(h.reads()).toBe(3)
    expect(h.published).toHaveLength(1)
  })

  it('reads for a submission produced before the generation began: earlier results may be stored by another', async () => {
    const h = harness(() => ({ generation: 1, since: produced + 1000, coPartitioned: true }))
    await h.handler.onSubmitted(h.submission, produced)
    const results = Object.values(resultsFor(h.submission))
    // The previous owner stored the first result before the rebalance; this process never sees it.
    await h.previousOwner.onResult(results[0]!)
    for (const result of results.slice(1)) await h.handler.onResult(result)
    // The first read already brings the stored extraction in; the last result completes memory.
    expect(h.reads()).toBe(2)
    expect(h.published.map((r) => r.status)).toEqual(['done'])
  })

  it('stops trusting once a rebalance starts a new generation, and finds the slots stored meanwhile', async () => {
    let own: Ownership = { generation: 1, since: began, coPartitioned: true }
    const h = harness(() => own)
    await h.handler.onSubmitted(h.submission, produced)
    const [first, ...rest] = Object.values(resultsFor(h.submission))
    await h.handler.onResult(first!)
    expect(h.reads()).toBe(0)
    own = { generation: 2, since: produced + 500, coPartitioned: true }
    for (const result of rest) await h.handler.onResult(result)
    expect(h.reads()).toBe(2)
    expect(h.published).toHaveLength(1)
  })

  it('reads when the submission came without a timestamp or no ownership is known', async () => {
    const noTime = harness(() => ({ generation: 1, since: began, coPartitioned: true }))
    await noTime.handler.onSubmitted(noTime.submission)
    for (const result of Object.values(resultsFor(noTime.submission))) await noTime.handler.onResult(result)
    expect(noTime.reads()).toBe(3)
    const none = harness(() => undefined)
    await none.handler.onSubmitted(none.submission, produced)
    for (const result of Object.values(resultsFor(none.submission))) await none.handler.onResult(result)
    expect(none.reads()).toBe(3)
  })
})
