import { describe, expect, it } from 'vitest'
import { moscowToEpochMs, toIsoUtc } from '../../vocabulary/time/moscow-time'
import { findDateTime, parseDateTime } from './parse-date-time'

describe('parseDateTime', () => {
  it.each([
    ['11.02.2026, 10:10', [2026, 2, 11, 10, 10, null]],
    ['07.03.2026 12:56:19 мск', [2026, 3, 7, 12, 56, 19]],
    ['07.03.2026\u00a012:58\u00a0мск', [2026, 3, 7, 12, 58, null]],
    ['16.04.2026 14:27:27', [2026, 4, 16, 14, 27, 27]],
    ['08.04.2026 в 09:54 (МСК)', [2026, 4, 8, 9, 54, null]],
    ['08.03.2026 15:31', [2026, 3, 8, 15, 31, null]],
    ['20 января 2025 21:33:00 (МСК)', [2025, 1, 20, 21, 33, 0]],
    ['3 МАРТА 2026 09:05:07 (МСК)', [2026, 3, 3, 9, 5, 7]],
  ])('reads %j', (text, [year, month, day, hour, minute, second]) => {
    expect(parseDateTime(text)).toEqual({ year, month, day, hour, minute, second })
  })

  it.each([
    ['31 февраля 2026 10:10'],
    ['20 январь 2025 21:33:00'],
    ['31.02.2026, 10:10'],
    ['11.02.2026, 24:10'],
    ['11.02.2026 10:60'],
    ['2026-02-11 10:10'],
    ['Выполнено'],
  ])('refuses %j', (text) => {
    expect(parseDateTime(text)).toBeNull()
  })

  it.each([
    // The same instant in Moscow time: the zone printed is honoured, not assumed away.
    ['07.03.2026 12:56:19 (UTC+5)', [2026, 3, 7, 10, 56, 19]],
    ['07.03.2026 12:56 GMT+07:00', [2026, 3, 7, 8, 56, null]],
    ['07.03.2026 12:56 МСК+2', [2026, 3, 7, 10, 56, null]],
    ['07.03.2026 01:30:00 UTC', [2026, 3, 7, 4, 30, 0]],
    ['01.01.2026 01:30 (UTC+7)', [2025, 12, 31, 21, 30, null]],
    ['07.03.2026 12:56 UTC+3', [2026, 3, 7, 12, 56, null]],
  ])('reads %j with its zone as Moscow time', (text, [year, month, day, hour, minute, second]) => {
    expect(parseDateTime(text)).toEqual({ year, month, day, hour, minute, second })
  })

  it('refuses an impossible zone, and keeps the zone of a date found inside a line', () => {
    expect(parseDateTime('07.03.2026 12:56 UTC+25')).toBeNull()
    expect(findDateTime('Операция 07.03.2026 12:56 (UTC+5) выполнена')?.value).toMatchObject({ hour: 10 })
  })

  it('finds the date inside a longer line', () => {
    expect(findDateTime('Перевод 08.03.2026 15:31')?.value).toMatchObject({ day: 8, hour: 15, minute: 31 })
    expect(findDateTime('Перевод')).toBeNull()
  })
})

describe('moscow time', () => {
  it('converts Moscow wall-clock time to UTC (UTC+3), across midnight', () => {
    expect(toIsoUtc(moscowToEpochMs({ year: 2026, month: 3, day: 7, hour: 1, minute: 31, second: 10 }))).toBe(
      '2026-03-06T22:31:10Z',
    )
    expect(
      toIsoUtc(moscowToEpochMs({ year: 2026, month: 1, day: 1, hour: 2, minute: 0, second: null })),
    ).toBe('2025-12-31T23:00:00Z')
  })
})
