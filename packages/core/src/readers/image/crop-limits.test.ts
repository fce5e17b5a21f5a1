import { describe, expect, it } from 'vitest'
import { cropWithinLimits } from './crop-limits'
import { defaultImageLimits } from './image-limits'

describe('cropWithinLimits', () => {
  it('refuses a page-sized box of a 36 MP picture at 2x and 4x, though the page itself is within the limits', () => {
    expect(cropWithinLimits(6000, 6000, 1)).toBe(true)
    expect(cropWithinLimits(6000, 6000, 2)).toBe(false)
    expect(cropWithinLimits(6000, 6000, 4)).toBe(false)
  })

  it('allows a word box at 4x, and holds each side to maxSide', () => {
    expect(cropWithinLimits(400, 60, 4)).toBe(true)
    expect(cropWithinLimits(defaultImageLimits.maxSide / 2 + 1, 10, 2)).toBe(false)
  })

  it('takes the configured limits', () => {
    expect(cropWithinLimits(100, 100, 2, { maxPixels: 39_999, maxSide: 1000 })).toBe(false)
    expect(cropWithinLimits(100, 100, 2, { maxPixels: 40_000, maxSide: 1000 })).toBe(true)
  })
})
