import { describe, expect, it } from 'vitest'
import { type RetentionPassSteps, runRetentionPass } from './retention-pass'

/** Steps that record their order; `reports` overrides what a bounded step reports, `failing` throws. */
function passWith(options: { reports?: Record<string, unknown>; failing?: string } = {}) {
  const calls: string[] = []
  const logs: Array<[string, string, Record<string, unknown> | undefined]> = []
  const step =
    <T>(name: string, result: T) =>
    async () => {
      calls.push(name)
      if (options.failing === name) throw new Error(`${name} failed`)
      return (options.reports?.[name] as T | undefined) ?? result
    }
  const idle = { checks: 0, complete: true }
  const steps: RetentionPassSteps = {
    ensureIndexes: step('ensureIndexes', undefined),
    backfillCreatedHours: step('backfillCreatedHours', idle),
    eraseConsoleOfTombstoned: step('eraseConsoleOfTombstoned', idle),
    eraseSettlementOfTombstoned: step('eraseSettlementOfTombstoned', idle),
    sweepRetention: step('sweepRetention', { tenants: 2, hours: 3, checks: 4, credits: 0 }),
    sweepExpired: step('sweepExpired', { deliveries: 1 }),
    close: step('close', undefined),
  }
  const logger = {
    info: (message: string, fields?: Record<string, unknown>) => logs.push(['info', message, fields]),
    error: (message: string, fields?: Record<string, unknown>) => logs.push(['error', message, fields]),
  }
  return { run: () => runRetentionPass(steps, logger), calls, logs }
}

describe('runRetentionPass', () => {
  it('migrates first, then sweeps, then expires, closes the store and exits 0', async () => {
    const pass = passWith()
    expect(await pass.run()).toBe(0)
    expect(pass.calls).toEqual([
      'ensureIndexes',
      'backfillCreatedHours',
      'eraseConsoleOfTombstoned',
      'eraseSettlementOfTombstoned',
      'sweepRetention',
      'sweepExpired',
      'close',
    ])
    expect(pass.logs).toEqual([
      ['info', 'retention swept', { tenants: 2, hours: 3, checks: 4, credits: 0 }],
      ['info', 'expired documents deleted', { deliveries: 1 }],
    ])
  })

  it('logs a bounded step only when it did something or is not done', async () => {
    const pass = passWith({
      reports: {
        backfillCreatedHours: { checks: 0, complete: false },
        eraseSettlementOfTombstoned: { checks: 7, complete: true },
      },
    })
    await pass.run()
    expect(pass.logs.map(([, message, fields]) => [message, fields]).slice(0, 2)).toEqual([
      ['created_hour backfilled', { checks: 0, complete: false }],
      ['settlement data of erased checks erased', { checks: 7, complete: true }],
    ])
  })

  it('stops at a failing step, logs it, still closes the store, and exits 1', async () => {
    const pass = passWith({ failing: 'eraseConsoleOfTombstoned' })
    expect(await pass.run()).toBe(1)
    expect(pass.calls).toEqual(['ensureIndexes', 'backfillCreatedHours', 'eraseConsoleOfTombstoned', 'close'])
    expect(pass.logs).toHaveLength(1)
    expect(pass.logs[0]?.slice(0, 2)).toEqual(['error', 'retention sweep failed'])
  })
})
