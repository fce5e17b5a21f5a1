import { describe, expect, it } from 'vitest'
import { findMaskStars } from './find-mask-stars'
import type { GrayImage } from './find-unread-ink'

/**
 * A word drawn as blocks: `L` a letter (cap line to baseline), `*` an asterisk (a square in the upper half),
 * `_` a gap of one advance; `blur` joins every asterisk to the next (a photo's blur); `tilt` lowers each
 * glyph by that many pixels per advance (a photo taken askew), `starHeight` is the asterisk's height.
 */
function word(
  pattern: string,
  blur = false,
  { tilt = 0, starHeight = 10 } = {},
): { image: GrayImage; box: { left: number; top: number; width: number; height: number } } {
  const cap = 20
  const advance = 15
  const width = pattern.length * advance + 20
  const height = cap + 20 + Math.ceil(tilt * pattern.length)
  const pixels = new Uint8Array(width * height).fill(235)
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) pixels[y * width + x] = 30
  }
  ;[...pattern].forEach((ch, i) => {
    const x = 10 + i * advance
    const y = 10 + Math.floor(i * tilt)
    if (ch === 'L') fill(x, y, 11, cap)
    if (ch === '*') fill(x, y, blur && pattern[i + 1] === '*' ? advance + 1 : 11, starHeight)
  })
  return {
    image: { pixels, width, height },
    box: { left: 8, top: 8, width: width - 16, height: height - 16 },
  }
}

describe('findMaskStars', () => {
  it('counts the asterisks and the letters on each side of the run', () => {
    const { image, box } = word('LLL*******L')
    expect(findMaskStars(image, box)).toEqual({ before: 3, stars: 7, after: 1 })
  })

  it('counts asterisks blurred into one blob by the run’s width over the advance', () => {
    const { image, box } = word('L*****LL', true)
    expect(findMaskStars(image, box)).toEqual({ before: 1, stars: 5, after: 2 })
  })

  it('counts an asterisk of a word photographed askew as an asterisk, not as a letter after the run', () => {
    // The last asterisk ends lower than the first letter's middle, well above the baseline beside it.
    const { image, box } = word('LLL****L', false, { tilt: 0.5, starHeight: 12 })
    expect(findMaskStars(image, box)).toEqual({ before: 3, stars: 4, after: 1 })
  })

  it('finds nothing in a word without a mask', () => {
    const { image, box } = word('LLLLL')
    expect(findMaskStars(image, box)).toBeNull()
  })
})
