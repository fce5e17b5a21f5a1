import { describe, expect, it } from 'vitest'
import { cycledEvidence, movedSelection, reasonForDigit, steppedField, zoomed } from './navigation'

describe('movedSelection (j/k in the queue)', () => {
  it('moves one row and stops at either end', () => {
    expect(movedSelection(0, 3, 'down')).toBe(1)
    expect(movedSelection(2, 3, 'down')).toBe(2)
    expect(movedSelection(1, 3, 'up')).toBe(0)
    expect(movedSelection(0, 3, 'up')).toBe(0)
  })

  it('stays on 0 when the queue is empty', () => {
    expect(movedSelection(0, 0, 'down')).toBe(0)
    expect(movedSelection(0, 0, 'up')).toBe(0)
  })
})

describe('cycledEvidence ([ and ])', () => {
  it('wraps round the failed checks both ways', () => {
    expect(cycledEvidence(0, 3, 'next')).toBe(1)
    expect(cycledEvidence(2, 3, 'next')).toBe(0)
    expect(cycledEvidence(0, 3, 'previous')).toBe(2)
    expect(cycledEvidence(0, 1, 'previous')).toBe(0)
  })
})

describe('steppedField (, and .)', () => {
  const fields = ['amount', 'paid_at', 'recipient_name']

  it('starts at the first field going forward and the last going back', () => {
    expect(steppedField(fields, undefined, 'next')).toBe('amount')
    expect(steppedField(fields, undefined, 'previous')).toBe('recipient_name')
    expect(steppedField(fields, 'gone', 'next')).toBe('amount')
  })

  it('wraps round from the active field', () => {
    expect(steppedField(fields, 'paid_at', 'next')).toBe('recipient_name')
    expect(steppedField(fields, 'recipient_name', 'next')).toBe('amount')
    expect(steppedField(fields, 'amount', 'previous')).toBe('recipient_name')
  })

  it('has nothing to step to without fields', () => {
    expect(steppedField([], undefined, 'next')).toBeUndefined()
  })
})

describe('zoomed (+ and −)', () => {
  it('zooms by a quarter in and a fifth out, between 0.5 and 4', () => {
    expect(zoomed(1.5, 'in')).toBeCloseTo(1.875)
    expect(zoomed(1.5, 'out')).toBeCloseTo(1.2)
    expect(zoomed(3.9, 'in')).toBe(4)
    expect(zoomed(0.55, 'out')).toBe(0.5)
  })
})

describe('reasonForDigit (1-9)', () => {
  it('picks the decision’s own reasons in order', () => {
    expect(reasonForDigit('genuine', 1)).toBe('layout_matches_template')
    expect(reasonForDigit('forged', 1)).toBe('edited_values')
    expect(reasonForDigit('escalate', 2)).toBe('unreadable')
  })

  it('picks nothing past the list, without a digit, or without a decision', () => {
    expect(reasonForDigit('escalate', 9)).toBeUndefined()
    expect(reasonForDigit('forged', undefined)).toBeUndefined()
    expect(reasonForDigit(undefined, 1)).toBeUndefined()
  })
})
