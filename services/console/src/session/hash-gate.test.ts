import { describe, expect, it } from 'vitest'
import { createHashGate } from './hash-gate'

describe('createHashGate', () => {
  it('admits up to the limit, refuses the next at once, and frees a slot once per leave', () => {
    const gate = createHashGate(2)
    const a = gate.tryEnter()
    const b = gate.tryEnter()
    expect(a && b).toBeTruthy()
    expect(gate.tryEnter()).toBeUndefined()
    a?.()
    a?.()
    expect(gate.running).toBe(1)
    expect(gate.tryEnter()).toBeTruthy()
    expect(gate.tryEnter()).toBeUndefined()
  })
  it('keeps one slot more for a known sign-in, and only one', () => {
    const gate = createHashGate(1)
    expect(gate.tryEnter()).toBeTruthy()
    expect(gate.tryEnter()).toBeUndefined()
    const known = gate.tryEnter(true)
    expect(known).toBeTruthy()
    expect(gate.tryEnter(true)).toBeUndefined()
    known?.()
    expect(gate.tryEnter(true)).toBeTruthy()
  })
})
