import { describe, expect, it } from 'vitest'
import { replaceStrings } from './seed-checks'

describe('replaceStrings', () => {
  it('replaces inside every string of a tree and keeps dates and numbers', () => {
    const at = new Date(0)
    const out = replaceStrings(
      { _id: 'chk_A:extraction', nested: [{ id: 'chk_A', tenant: 'ten_1' }], at, n: 3 },
      new Map([
        ['chk_A', 'chk_B'],
        ['ten_1', 'ten_2'],
      ]),
    )
    expect(out).toEqual({ _id: 'chk_B:extraction', nested: [{ id: 'chk_B', tenant: 'ten_2' }], at, n: 3 })
    expect((out as { at: Date }).at).toBeInstanceOf(Date)
  })
})
