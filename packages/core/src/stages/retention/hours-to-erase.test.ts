import { describe, expect, it } from 'vitest'
import { hoursToErase } from './hours-to-erase'

const from = new Date('2026-03-10T07:10:00.000Z')

describe('hoursToErase', () => {
  it('erases every hour wholly past retention, from the tenant creation hour', () => {
    const hours = hoursToErase({
      now: new Date('2026-03-11T10:30:00.000Z'),
      retentionDays: 1,
      from,
      maxHours: 100,
    })
    expect(hours).toEqual(['2026-03-10T07', '2026-03-10T08', '2026-03-10T09'])
  })

  it('resumes after the cursor and stops at maxHours', () => {
    const now = new Date('2026-03-12T00:00:00.000Z')
    expect(hoursToErase({ now, retentionDays: 1, from, after: '2026-03-10T20', maxHours: 2 })).toEqual([
      '2026-03-10T21',
      '2026-03-10T22',
    ])
    expect(hoursToErase({ now, retentionDays: 1, from, after: '2026-03-10T23', maxHours: 5 })).toEqual([])
  })

  it('keeps forever with 0 days, and erases nothing still within retention', () => {
    const now = new Date('2030-01-01T00:00:00.000Z')
    expect(hoursToErase({ now, retentionDays: 0, from, maxHours: 10 })).toEqual([])
    expect(
      hoursToErase({ now: new Date('2026-03-11T08:00:00.000Z'), retentionDays: 1, from, maxHours: 10 }),
    ).toEqual(['2026-03-10T07'])
  })
})
