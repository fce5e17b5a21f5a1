import { describe, expect, it } from 'vitest'
import { CheckError } from '../../vocabulary/error-codes'
import { defaultImageLimits } from './image-limits'
import { maxOcrUpscale, planOcrScale } from './ocr-scale'

describe('planOcrScale', () => {
  it('leaves a picture at least minWidth wide as it is', () => {
    expect(planOcrScale(1080, 2400, { minWidth: 1000 })).toEqual({ factor: 1, width: 1080, height: 2400 })
  })

  it('scales a narrow picture up to minWidth when the factor is under the cap', () => {
    expect(planOcrScale(500, 900, { minWidth: 1000 })).toEqual({ factor: 2, width: 1000, height: 1800 })
  })

  it('caps the factor: a 100 px wide picture is scaled by maxOcrUpscale, not 10', () => {
    expect(planOcrScale(100, 300, { minWidth: 1000 })).toEqual({
      factor: maxOcrUpscale,
      width: 100 * maxOcrUpscale,
      height: 300 * maxOcrUpscale,
    })
  })

  it('refuses a 1 × 9000 sliver as image_too_large (permanent): scaled it would pass the side limit', () => {
    let error: unknown
    try {
      planOcrScale(1, 9000, { minWidth: 1000 })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(CheckError)
    expect(error).toMatchObject({ code: 'image_too_large', retryable: false })
  })

  it('re-checks the pixel count after scaling, not only the sides', () => {
    const limits = { maxPixels: 1_000_000, maxSide: defaultImageLimits.maxSide }
    expect(() => planOcrScale(400, 1000, { minWidth: 1000, limits })).toThrow(CheckError)
    expect(planOcrScale(400, 600, { minWidth: 800, limits })).toMatchObject({ width: 800, height: 1200 })
  })

  it('refuses a picture already over the limits even when no scaling is wanted', () => {
    expect(() => planOcrScale(13_000, 10, { minWidth: 1000 })).toThrow(CheckError)
  })
})
