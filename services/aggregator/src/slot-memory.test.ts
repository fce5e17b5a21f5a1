import { describe, expect, it } from 'vitest'
import { createSlotMemory, isComplete } from './slot-memory'

const submission = { check_id: 'chk_1' }

describe('slot memory', () => {
  it('accumulates the slots seen for a check until all four and the submission are known', () => {
    const memory = createSlotMemory()
    expect(isComplete(memory.merge('chk_1', { stages: { extraction: 'e' }, submission }))).toBe(false)
    expect(isComplete(memory.merge('chk_1', { stages: { matching: 'm', replay: 'r' } }))).toBe(false)
    const known = memory.merge('chk_1', { stages: { authenticity: 'a' } })
    expect(known).toEqual({
      stages: { extraction: 'e', matching: 'm', replay: 'r', authenticity: 'a' },
      submission,
    })
    expect(isComplete(known)).toBe(true)
  })

  it('is not complete without the submission, and forgets a check', () => {
    const memory = createSlotMemory()
    const stages = { extraction: 'e', authenticity: 'a', matching: 'm', replay: 'r' }
    expect(isComplete(memory.merge('chk_2', { stages }))).toBe(false)
    memory.forget('chk_2')
    expect(memory.merge('chk_2', { stages: {} })).toEqual({ stages: {} })
  })

  it('forgets the check seen least recently past its bound', () => {
    const memory = createSlotMemory(2)
    memory.merge('a', { stages: { extraction: 1 } })
    memory.merge('b', { stages: { extraction: 2 } })
    memory.merge('a', { stages: { matching: 3 } })
    memory.merge('c', { stages: { extraction: 4 } })
    expect(memory.size()).toBe(2)
    expect(memory.merge('a', { stages: {} }).stages).toEqual({ extraction: 1, matching: 3 })
    expect(memory.merge('b', { stages: {} })).toEqual({ stages: {} })
  })
})

describe('slot memory trust', () => {
  it('trusts a remembered check in one generation, and forgets the trust with the check', () => {
    const memory = createSlotMemory(2)
    memory.trust('unknown', 1)
    expect(memory.trustedIn('unknown')).toBeUndefined()
    memory.merge('a', { stages: {}, submission })
    memory.trust('a', 3)
    expect(memory.trustedIn('a')).toBe(3)
    memory.forget('a')
    expect(memory.trustedIn('a')).toBeUndefined()
  })

  it('drops the trust of a check pushed out past the bound: its slots are no longer all here', () => {
    const memory = createSlotMemory(1)
    memory.merge('a', { stages: {}, submission })
    memory.trust('a', 1)
    memory.merge('b', { stages: {} })
    expect(memory.trustedIn('a')).toBeUndefined()
    memory.merge('a', { stages: { extraction: 1 } })
    expect(memory.trustedIn('a')).toBeUndefined()
  })
})
