import { describe, expect, it } from 'vitest'
import { evolve, initialState } from './evolve'

describe('aggregate evolve', () => {
  it('records each stage once, in reporting order', () => {
    const match = {
      bank: true,
      amount: true,
      currency: true,
      recipient: true,
      window: true,
      type: true,
      status: true,
      payment_reference: true,
    }
    const state = [
      { type: 'matched' as const, match, error: null },
      { type: 'matched' as const, match, error: null },
      { type: 'deadline_passed' as const },
    ].reduce(evolve, initialState)
    expect(state.reported).toEqual(['matching'])
    expect(state.match).toEqual(match)
    expect(state.deadlinePassed).toBe(true)
    expect(state.failure).toBeNull()
  })

  it('does not mutate the previous state', () => {
    const before = structuredClone(initialState)
    evolve(initialState, { type: 'record_stored', status: 'done' })
    expect(initialState).toEqual(before)
  })
})
