import { describe, expect, it } from 'vitest'
import { findGlyphColumns } from './find-glyph-columns'
import type { GrayImage } from './find-unread-ink'

/**
 * A number drawn as blocks, 24 px apart: `d` a digit (14 × 30), `1` a footless one (a 5 px stem with a
 * flag), `,` a comma (low and short), `:` a digit broken in two pieces, one above the other, `=` a digit
 * whose ink touches the next one's.
 */
function number(pattern: string): {
  image: GrayImage
  box: { left: number; top: number; width: number; height: number }
} {
  const width = pattern.length * 24 + 20
  const height = 50
  const pixels = new Uint8Array(width * height).fill(240)
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) pixels[y * width + x] = 20
  }
  ;[...pattern].forEach((ch, i) => {
    const x = 10 + i * 24
    if (ch === 'd') fill(x, 10, 14, 30)
    if (ch === '1') {
      fill(x + 6, 10, 5, 30)
      fill(x + 3, 12, 3, 3)
    }
    if (ch === ',') fill(x, 36, 4, 8)
    if (ch === '=') fill(x, 10, 38, 30)
    if (ch === ':') {
      fill(x, 10, 14, 13)
      fill(x + 2, 26, 12, 14)
    }
  })
  return { image: { pixels, width, height }, box: { left: 5, top: 5, width: width - 10, height: 42 } }
}

describe('findGlyphColumns', () => {
  it('finds a footless 1 as a narrow column and digits as wide ones', () => {
    const { image, box } = number('1dd')
    const widths = findGlyphColumns(image, box)!.map((c) => c.width)
    expect(widths).toEqual([8, 14, 14])
  })

  it('leaves a comma out', () => {
    const { image, box } = number('d,dd')
    expect(findGlyphColumns(image, box)).toHaveLength(3)
  })

  it('joins the pieces of a broken glyph, one above the other, into one column', () => {
    const { image, box } = number('d:d')
    expect(findGlyphColumns(image, box)!.map((c) => c.width)).toEqual([14, 14, 14])
  })

  it('cuts digits whose ink touches apart', () => {
    const { image, box } = number('dd= dd')
    const widths = findGlyphColumns(image, box)!.map((c) => c.width)
    expect(widths).toEqual([14, 14, 14, 14, 14, 14])
  })

  it('finds nothing in a blank box', () => {
    const { image, box } = number('   ')
    expect(findGlyphColumns(image, box)).toBeNull()
  })
})
