import { describe, expect, it } from 'vitest'
import { problemsOf } from './problems-of'
import { loadRetentionJobConfig } from './retention-config'

describe('retention job configuration', () => {
  it('keeps checks 90 days unless told, sweeping at most a week of hours per tenant and pass', () => {
    expect(loadRetentionJobConfig({}).retention).toEqual({ defaultDays: 90, maxHoursPerSweep: 168 })
    expect(loadRetentionJobConfig({ RETENTION_DAYS: '0' }).retention.defaultDays).toBe(0)
  })

  it('refuses a negative retention', () => {
    expect(problemsOf(() => loadRetentionJobConfig({ RETENTION_DAYS: '-1' })).join()).toContain(
      'RETENTION_DAYS',
    )
  })
})
