import { describe, expect, it } from 'vitest'
import { decisionProblem, decisionReasons } from './decision-reasons'

describe('decisionProblem', () => {
  it('requires a reason for forged', () => {
    expect(decisionProblem('forged', null)).toMatch(/needs a reason/)
    expect(decisionProblem('forged', 'edited_values')).toBeUndefined()
  })
  it('lets genuine and escalate go without one', () => {
    expect(decisionProblem('genuine', null)).toBeUndefined()
    expect(decisionProblem('escalate', null)).toBeUndefined()
  })
  it('refuses a code outside the fixed list', () => {
    expect(decisionProblem('genuine', 'because')).toMatch(/unknown reason/)
  })
  it('has at most nine codes, one per digit', () => {
    expect(decisionReasons.length).toBeLessThanOrEqual(9)
  })
})
