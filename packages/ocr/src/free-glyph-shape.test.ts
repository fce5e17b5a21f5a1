import { freeGlyphAt16, type OcrWord } from '@rv/core'
import { describe, expect, it } from 'vitest'
import type { GrayImage } from './find-unread-ink'
import { measureFreeGlyph } from './free-glyph-shape'

/**
 * An id of 32 glyphs drawn as blocks on a 24 px pitch, 30 px tall: every glyph a `0` (a 14 px ring) but
 * position 16, drawn as `T` (an 18 px top bar over a centred stem), `1` (a stem with a flag and a foot),
 * `I` (a bare stem), `7` (a top bar, a thin foot at the left), `Z` (18 px, bars at top and foot, a
 * diagonal between) or `W` (26 px of four strokes).
 */
function id(glyph: string): { image: GrayImage; word: OcrWord } {
  const width = 32 * 30 + 20
  const height = 50
  const pixels = new Uint8Array(width * height).fill(240)
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) pixels[y * width + x] = 20
  }
  const ring = (x: number) => {
    fill(x, 10, 14, 3)
    fill(x, 37, 14, 3)
    fill(x, 10, 3, 30)
    fill(x + 11, 10, 3, 30)
  }
  for (let i = 0; i < 32; i++) {
    const x = 10 + i * 30
    if (i !== 15) ring(x)
    else if (glyph === 'T') {
      fill(x, 10, 18, 3)
      fill(x + 7, 10, 4, 30)
    } else if (glyph === '1') {
      fill(x + 6, 10, 4, 30)
      fill(x + 2, 12, 4, 3)
      fill(x + 1, 37, 12, 3)
    } else if (glyph === 'I') fill(x, 10, 4, 30)
    else if (glyph === '7') {
      fill(x, 10, 14, 3)
      for (let y = 13; y < 40; y++) fill(x + 10 - Math.floor((y - 13) / 4), y, 3, 1)
    } else if (glyph === 'Z') {
      fill(x, 10, 18, 3)
      fill(x, 37, 18, 3)
      for (let y = 13; y < 37; y++) fill(x + 15 - Math.floor((y - 13) * 0.65), y, 3, 1)
    } else if (glyph === 'W') {
      for (const dx of [0, 7, 14, 21]) fill(x + dx, 10, 3, 30)
      fill(x, 37, 24, 3)
    }
  }
  const word: OcrWord = {
    text: `A6065223110K7Q2${glyph}0000030011700501`,
    left: 5,
    top: 5,
    width: width - 10,
    height: 42,
    confidence: 0.8,
    block: 1,
    paragraph: 1,
    line: 1,
  }
  return { image: { pixels, width, height }, word }
}

describe('measureFreeGlyph', () => {
  it("measures position 16's width against the 0 at 17, and the ink across its top and foot", () => {
    const t = measureFreeGlyph(id('T').image, [id('T').word])!
    expect(t.widthRatio).toBeCloseTo(18 / 14, 2)
    expect(t.topSpan).toBe(1)
    expect(t.bottomSpan).toBeCloseTo(4 / 18, 2)
    expect(t.bottomCentre).toBeCloseTo(0.5, 1)
    const z = measureFreeGlyph(id('Z').image, [id('Z').word])!
    expect([z.topSpan, z.bottomSpan]).toEqual([1, 1])
  })

  it('gives core the shapes that tell each glyph from those OCR reads it as', () => {
    const decide = (glyph: string, read: string) => {
      const { image, word } = id(glyph)
      return freeGlyphAt16(read, measureFreeGlyph(image, [word])!)
    }
    expect(decide('T', '1')).toBe('T')
    expect(decide('1', 'I')).toBe('1')
    expect(decide('I', '1')).toBe('I')
    expect(decide('7', '7')).toBe('7')
    expect(decide('Z', '7')).toBe('Z')
    expect(decide('W', 'V')).toBe('W')
  })

  it('counts a W read as its strokes (`\\/`) as one glyph', () => {
    const { image, word } = id('W')
    const strokes = { ...word, text: word.text.replace('W', '\\/') }
    expect(freeGlyphAt16('V', measureFreeGlyph(image, [strokes])!)).toBe('W')
  })

  it('measures nothing when the columns do not match the characters read', () => {
    const { image, word } = id('T')
    expect(measureFreeGlyph(image, [{ ...word, text: `${word.text}1` }])).toBeNull()
  })
})
