import { describe, expect, it } from 'vitest'
import { Prng } from './mutate'
import { changeOneField } from './one-field-change'

const lines = () => [
  { a: 1, b: 2 },
  { a: 3, b: 4 },
  { a: 5, b: 6 },
]

describe('changeOneField', () => {
  it('draws the line, then the field from a list, then the value from a list', () => {
    const mirror = new Prng(11)
    const line = mirror.int(3)
    const field = mirror.pick(['a', 'b'])
    const value = mirror.pick(['x', 'y', 'z'])
    const changed = lines()
    changeOneField(new Prng(11), changed, { name: 'n', field: ['a', 'b'], values: ['x', 'y', 'z'] })
    const expected = lines() as Record<string, unknown>[]
    ;(expected[line] as Record<string, unknown>)[field] = value
    expect(changed).toEqual(expected)
  })

  it('does not draw for a single field name, and lets a function make the value', () => {
    const mirror = new Prng(4)
    const line = mirror.int(3)
    const value = -(1 + mirror.int(1000))
    const changed = lines()
    changeOneField(new Prng(4), changed, { name: 'n', field: 'b', values: (rng) => -(1 + rng.int(1000)) })
    expect(changed[line]?.b).toBe(value)
    expect(changed.filter((_, k) => k !== line)).toEqual(lines().filter((_, k) => k !== line))
  })
})
