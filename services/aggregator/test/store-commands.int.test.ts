/**
 * The store commands the aggregator sends for one check, counted from the driver's command monitoring on
 * the real store (docs/capacity.md, "Store commands per check"). A command that comes back fails here.
 */
import { fallbackRecommend } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { tallyCommands } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { createAggregatorHandler } from '../src/handler'
import { gatewayWrite, newSubmission, resultsFor } from './checks-fixture'

const store = useTestStore('it-agg-commands', connectStore)

/** One check through one process, results in the usual order: the commands of each step, and what completed. */
async function commandsOfOneCheck(
  code: string,
  options: Pick<Parameters<typeof createAggregatorHandler>[0], 'ownership'> & { producedAt?: number } = {},
) {
  const s = newSubmission(code, new Date().toISOString())
  await gatewayWrite(store(), s)
  const r = resultsFor(s)
  const completed: CheckRecord[] = []
  const handler = createAggregatorHandler({
    checks: store().checks,
    publishCompleted: async (record) => {
      completed.push(record)
    },
    recommendFor: async () => fallbackRecommend,
    now: () => new Date(),
    ...(options.ownership ? { ownership: options.ownership } : {}),
  })
  const tally = tallyCommands(store().db.client)
  const steps: Record<string, string[]> = {}
  await handler.onSubmitted(s, options.producedAt)
  steps.submitted = tally.take()
  for (const stage of ['extraction', 'authenticity', 'matching', 'replay'] as const) {
    await handler.onResult(r[stage])
    steps[stage] = tally.take()
  }
  tally.stop()
  return { steps, completed: completed.map((c) => c.id), checkId: s.check_id }
}

describe('aggregator store commands per check', () => {
  it('one process, results in the usual order', async () => {
    const { steps, completed, checkId } = await commandsOfOneCheck('CMD')
    expect(completed).toEqual([checkId])
    expect(steps).toEqual({
      // Remembered only: the gateway stored the check (was one `find checks`).
      submitted: [],
      // The slot; the other slots (another replica may have stored some); progress, once.
      extraction: ['insert check_stages', 'find check_stages', 'update checks'],
      authenticity: ['insert check_stages', 'find check_stages'],
      matching: ['insert check_stages', 'find check_stages'],
      // Every slot known here: no read; the claim, then the record with its outbox flag.
      replay: ['insert check_stages', 'insert check_completions', 'update checks'],
    })
  })

  it('one process that owns every partition of the check (co-partitioned, submitted in its generation)', async () => {
    const { steps, completed, checkId } = await commandsOfOneCheck('OWN', {
      ownership: () => ({ generation: 1, since: Date.now() - 60_000, coPartitioned: true }),
      producedAt: Date.now(),
    })
    expect(completed).toEqual([checkId])
    expect(steps).toEqual({
      submitted: [],
      // Every result of the check comes to this process: what memory lacks is not stored yet, no read.
      extraction: ['insert check_stages', 'update checks'],
      authenticity: ['insert check_stages'],
      matching: ['insert check_stages'],
      replay: ['insert check_stages', 'insert check_completions', 'update checks'],
    })
  })
})
