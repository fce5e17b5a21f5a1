import { describe, expect, it } from 'vitest'
import { stillTrusted, trustGeneration } from './ownership-trust'

const own = { generation: 4, since: 10_000, coPartitioned: true }

describe('ownership trust', () => {
  it('trusts a submission produced after the generation began, past the margin', () => {
    expect(trustGeneration(own, 15_001, 5000)).toBe(4)
  })

  it('does not trust one produced before the generation (or within the margin of its start)', () => {
    expect(trustGeneration(own, 9_000, 5000)).toBeUndefined()
    expect(trustGeneration(own, 15_000, 5000)).toBeUndefined()
  })

  it('does not trust anything while the holding is not co-partitioned, unknown, or the time is missing', () => {
    expect(trustGeneration({ ...own, coPartitioned: false }, 99_000, 0)).toBeUndefined()
    expect(trustGeneration(undefined, 99_000, 0)).toBeUndefined()
    expect(trustGeneration(own, undefined, 0)).toBeUndefined()
    expect(trustGeneration(own, Number.NaN, 0)).toBeUndefined()
  })

  it('keeps a trust only within its generation and while still co-partitioned', () => {
    expect(stillTrusted(own, 4)).toBe(true)
    expect(stillTrusted({ ...own, generation: 5 }, 4)).toBe(false)
    expect(stillTrusted({ ...own, coPartitioned: false }, 4)).toBe(false)
    expect(stillTrusted(own, undefined)).toBe(false)
    expect(stillTrusted(undefined, 4)).toBe(false)
  })
})
