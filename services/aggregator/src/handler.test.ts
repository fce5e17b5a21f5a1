import { defaultProfile, pendingRecord, recommendWith } from '@rv/core'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { newSubmission, resultsFor } from '../test/checks-fixture'
import { createInMemoryChecks } from '../test/in-memory-checks'
import { createAggregatorHandler, StageTenantMismatchError } from './handler'
import { submissionInfo } from './to-aggregate-event'

const now = new Date('2026-03-11T07:12:02.000Z')

/** One store, and a handler per process over it; `published` holds every record a process published. */
function harness(options: { erased?: string[]; failPublish?: boolean } = {}) {
  const store = createInMemoryChecks()
  const published: CheckRecord[] = []
  const process = () =>
    createAggregatorHandler({
      checks: store.checks,
      publishCompleted: async (record) => {
        if (options.failPublish) throw new Error('broker down')
        store.log.push(`publish ${record.id}`)
        published.push(record)
      },
      isErased: async (checkId) => options.erased?.includes(checkId) ?? false,
      recommendFor: async () => recommendWith(defaultProfile),
      now: () => now,
    })
  return { store, published, process }
}

function submittedCheck(store: ReturnType<typeof createInMemoryChecks>): CheckSubmittedV1 {
  const submission = newSubmission('HND', '2026-03-11T07:12:00.000Z')
  store.gatewayWrite(
    pendingRecord(submissionInfo(submission)),
    submission as unknown as Record<string, unknown>,
  )
  return submission
}

describe('aggregator handler completion (in-memory store)', () => {
  it('claims the terminal record once, publishes it, then finishes the check with the outbox flag up', async () => {
    const { store, published, process } = harness()
    const handler = process()
    const s = submittedCheck(store)
    await handler.onSubmitted(s)
    for (const result of Object.values(resultsFor(s))) await handler.onResult(result)
    expect(published.map((r) => r.status)).toEqual(['done'])
    const id = s.check_id
    expect(store.log.slice(-3)).toEqual([`claim ${id}`, `publish ${id}`, `finish ${id} true`])
    expect(store.documents.get(id)).toMatchObject({ status: 'done', completed_published: true })
  })

  it('publishes nothing again when results are redelivered after completion', async () => {
    const { store, published, process } = harness()
    const handler = process()
    const s = submittedCheck(store)
    const results = Object.values(resultsFor(s))
    for (const result of results) await handler.onResult(result)
    for (const result of results) await handler.onResult(result)
    await process().onResult(results[0]!)
    expect(published).toHaveLength(1)
    expect(store.log.filter((entry) => entry.startsWith('claim'))).toHaveLength(1)
  })

  it('lets one of two processes complete a check both see finished', async () => {
    const { store, published, process } = harness()
    const [first, second] = [process(), process()]
    const s = submittedCheck(store)
    const { extraction, authenticity, matching, replay } = resultsFor(s)
    for (const result of [extraction, authenticity, matching]) await first.onResult(result)
    await Promise.all([first.onResult(replay), second.onResult(replay)])
    expect(published).toHaveLength(1)
  })

  it('leaves the outbox flag down when the publish fails, and the error reaches the consumer', async () => {
    const { store, process } = harness({ failPublish: true })
    const handler = process()
    const s = submittedCheck(store)
    const { extraction, authenticity, matching, replay } = resultsFor(s)
    for (const result of [extraction, authenticity, matching]) await handler.onResult(result)
    await expect(handler.onResult(replay)).rejects.toThrow('broker down')
    expect(store.log.at(-1)).toBe(`finish ${s.check_id} false`)
    expect(store.documents.get(s.check_id)?.completed_published).toBe(false)
  })
})

describe('aggregator handler: tenants, erased checks, early results (in-memory store)', () => {
  it('refuses a result naming another tenant than the check’s, and stores nothing of it', async () => {
    const { store, process } = harness()
    const s = submittedCheck(store)
    const matched = resultsFor(s).matching
    const foreign = { ...matched, value: { ...matched.value, tenant_id: 'ten_b' } } as typeof matched
    await expect(process().onResult(foreign)).rejects.toBeInstanceOf(StageTenantMismatchError)
    expect(store.slots.get(s.check_id)).toBeUndefined()
  })

  it('refuses an extraction whose own submission names another tenant', async () => {
    const { store, process } = harness()
    const s = submittedCheck(store)
    const extracted = resultsFor(s).extraction
    if (extracted.topic !== 'check.extracted.v1') throw new Error('fixture changed')
    const value = { ...extracted.value, submission: { ...extracted.value.submission, tenant_id: 'ten_b' } }
    await expect(process().onResult({ ...extracted, value })).rejects.toBeInstanceOf(StageTenantMismatchError)
  })

  it('drops a result of an erased check without storing or publishing anything', async () => {
    const s = newSubmission('ERA', '2026-03-11T07:12:00.000Z')
    const { store, published, process } = harness({ erased: [s.check_id] })
    const handler = process()
    for (const result of Object.values(resultsFor(s))) {
      await expect(handler.onResult(result)).resolves.toHaveProperty('stage')
    }
    expect(store.log).toEqual([])
    expect(published).toEqual([])
  })

  it('keeps a result that overtook the gateway’s write, and completes the check once it is written', async () => {
    const s = newSubmission('EARLY', '2026-03-11T07:12:00.000Z')
    const { store, published, process } = harness()
    const handler = process()
    await handler.onResult(resultsFor(s).matching)
    expect(store.log).toEqual([`slot ${s.check_id} matching`])
    await handler.onSubmitted(s)
    const { extraction, authenticity, replay } = resultsFor(s)
    for (const result of [extraction, authenticity, replay]) await handler.onResult(result)
    expect(published.map((r) => r.id)).toEqual([s.check_id])
  })

  it('creates a check the gateway published but never stored, with its record and outbox flag, by the final write', async () => {
    const s = newSubmission('UNSTORED', '2026-03-11T07:13:00.000Z')
    const { store, published, process } = harness()
    const handler = process()
    await handler.onSubmitted(s)
    const { extraction, authenticity, matching, replay } = resultsFor(s)
    for (const result of [extraction, authenticity, matching, replay]) await handler.onResult(result)
    expect(published.map((r) => r.id)).toEqual([s.check_id])
    expect(store.log.filter((w) => !w.startsWith('slot'))).toEqual([
      `claim ${s.check_id}`,
      `publish ${s.check_id}`,
      `insert finished ${s.check_id} true`,
    ])
    const doc = store.documents.get(s.check_id)
    expect([doc?.tenant_id, doc?.status, doc?.completed_published]).toEqual([s.tenant_id, 'done', true])
  })
})
