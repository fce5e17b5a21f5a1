import { describe, expect, it } from 'vitest'
import { formatAge } from './dom'
import { summariseReasons } from './queue-view'

describe('summariseReasons (a queue row)', () => {
  it('keeps the decision’s own codes and counts the failed checks', () => {
    expect(summariseReasons(['check_failed:fonts', 'amount_mismatch', 'check_failed:xref'])).toBe(
      'amount_mismatch, 2 checks failed',
    )
    expect(summariseReasons(['check_failed:fonts'])).toBe('1 check failed')
    expect(summariseReasons([])).toBe('')
  })
})

describe('formatAge (a queue row’s age)', () => {
  it('shows the two largest units', () => {
    expect(formatAge(59)).toBe('59s')
    expect(formatAge(60)).toBe('1m')
    expect(formatAge(3 * 3600 + 25 * 60)).toBe('3h 25m')
    expect(formatAge(2 * 86400 + 5 * 3600 + 59)).toBe('2d 5h')
  })
})
