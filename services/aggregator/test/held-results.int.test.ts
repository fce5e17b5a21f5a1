/**
 * A trusted check's results held in memory, their offsets held (held-results.ts), on the real store: the
 * check costs the aggregator three store commands and no slot is written; a result held past
 * `holdResultsMs` is written to its slot as any result is and released; the results of an ended generation
 * are dropped unwritten and released.
 */
import { fallbackRecommend, type StageName } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { tallyCommands } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { createAggregatorHandler } from '../src/handler'
import { gatewayWrite, newSubmission, resultsFor } from './checks-fixture'

const store = useTestStore('it-agg-held', connectStore)
const stages = ['extraction', 'authenticity', 'matching', 'replay'] as const

/** A trusted check (co-partitioned, submitted in this generation) with a hold on every result. */
async function heldCheck(code: string) {
  const s = newSubmission(code, new Date().toISOString())
  await gatewayWrite(store(), s)
  let clock = Date.now()
  let generation = 1
  const completed: CheckRecord[] = []
  const handler = createAggregatorHandler({
    checks: store().checks,
    publishCompleted: async (record) => void completed.push(record),
    recommendFor: async () => fallbackRecommend,
    now: () => new Date(clock),
    ownership: () => ({ generation, since: clock - 60_000, coPartitioned: true }),
    holdResultsMs: 5000,
  })
  await handler.onSubmitted(s, clock)
  const released: StageName[] = []
  const r = resultsFor(s)
  const deliver = (stage: StageName) =>
    handler.onResult({ ...r[stage], hold: () => () => void released.push(stage) })
  const slotsStored = () => store().db.collection('check_stages').countDocuments({ check_id: s.check_id })
  return {
    s,
    handler,
    completed,
    released,
    deliver,
    slotsStored,
    later: (ms: number) => {
      clock += ms
    },
    rebalance: () => {
      generation += 1
    },
  }
}

describe('held results', () => {
  it('complete a trusted check with three store commands and no slot written, then release every offset', async () => {
    const c = await heldCheck('HLD')
    const tally = tallyCommands(store().db.client)
    const steps: Record<string, string[]> = {}
    for (const stage of stages) {
      await c.deliver(stage)
      steps[stage] = tally.take()
    }
    tally.stop()
    expect(steps).toEqual({
      // Progress, once: GET says `processing`.
      extraction: ['update checks'],
      authenticity: [],
      matching: [],
      // The claim, then the record with its outbox flag.
      replay: ['insert check_completions', 'update checks'],
    })
    expect(c.completed.map((r) => r.id)).toEqual([c.s.check_id])
    expect(c.completed[0]?.status).toBe('done')
    expect(c.released.sort()).toEqual([...stages].sort())
    expect(await c.slotsStored()).toBe(0)
    expect(c.handler.heldResults()).toBe(0)
  })

  it('writes results held past holdResultsMs to their slots and releases them; the last result then completes it', async () => {
    const c = await heldCheck('OVD')
    for (const stage of ['extraction', 'authenticity', 'matching'] as const) await c.deliver(stage)
    await c.handler.flushHeld()
    expect(c.released).toEqual([])
    c.later(5001)
    await c.handler.flushHeld()
    expect(await c.slotsStored()).toBe(3)
    expect(c.released.sort()).toEqual(['authenticity', 'extraction', 'matching'])
    expect(c.completed).toEqual([])
    await c.deliver('replay')
    expect(c.completed.map((r) => r.status)).toEqual(['done'])
    expect(c.released).toContain('replay')
  })

  it('drops the results of an ended generation unwritten, releasing them (the next owner gets them again)', async () => {
    const c = await heldCheck('STL')
    await c.deliver('extraction')
    await c.deliver('authenticity')
    c.rebalance()
    await c.handler.flushHeld()
    expect(c.released.sort()).toEqual(['authenticity', 'extraction'])
    expect(c.handler.heldResults()).toBe(0)
    expect(await c.slotsStored()).toBe(0)
    // A redelivery now is not trusted (a new generation): written and read as before.
    await c.deliver('extraction')
    expect(await c.slotsStored()).toBe(1)
  })
})
