import type { OcrWord } from '@rv/core'
import { describe, expect, it } from 'vitest'
import { findUnreadInk, type GrayImage } from './find-unread-ink'
import { mergeReadings } from './read-image'

const W = 600
const H = 300
const paper = 230

function page(): GrayImage {
  return { pixels: new Uint8Array(W * H).fill(paper), width: W, height: H }
}

/** Letter-like strokes: 2 px wide every 6 px, `height` tall, at `level`. */
function strokes(img: GrayImage, left: number, top: number, width: number, height: number, level: number) {
  for (let y = top; y < top + height; y++)
    for (let x = left; x < left + width; x++) if (x % 6 < 2) img.pixels[y * W + x] = level
}

function fill(img: GrayImage, left: number, top: number, width: number, height: number, level: number) {
  for (let y = top; y < top + height; y++) img.pixels.fill(level, y * W + left, y * W + left + width)
}

const word = (text: string, left: number, top: number, width: number, height = 20): OcrWord => ({
  text,
  left,
  top,
  width,
  height,
  confidence: 0.9,
  block: 1,
  paragraph: 1,
  line: 1,
})

describe('findUnreadInk', () => {
  it('finds a light grey row no word covers, and leaves read text, a filled logo and grain alone', () => {
    const img = page()
    strokes(img, 20, 40, 200, 20, 20) // dark text, read
    strokes(img, 20, 100, 150, 20, 170) // light grey text, not read
    fill(img, 400, 200, 60, 40, 60) // a filled logo
    // Grain of ±12 levels everywhere.
    for (let i = 0; i < img.pixels.length; i++) img.pixels[i] = img.pixels[i]! + ((i * 7919) % 25) - 12
    const words = [word('Итого', 20, 40, 200)]
    const regions = findUnreadInk(img, words)
    expect(regions).toHaveLength(1)
    const [r] = regions
    expect(r!.top).toBeLessThanOrEqual(100)
    expect(r!.top + r!.height).toBeGreaterThanOrEqual(120)
    expect(r!.left).toBeLessThanOrEqual(20)
    expect(r!.left + r!.width).toBeGreaterThanOrEqual(170)
    expect(r!.replaces).toEqual([])
  })

  it('takes in the words read on the same row beside the unread ink (a date read in part)', () => {
    const img = page()
    strokes(img, 300, 100, 120, 20, 170) // the part read
    strokes(img, 430, 100, 60, 20, 170) // the part lost
    strokes(img, 20, 160, 200, 20, 20) // another row, read
    const partial = word('26.02.2026', 300, 100, 120)
    const other = word('Статус', 20, 160, 200)
    const regions = findUnreadInk(img, [partial, other])
    expect(regions).toHaveLength(1)
    expect(regions[0]!.replaces).toEqual([partial])
    expect(regions[0]!.left).toBeLessThanOrEqual(300)
    expect(regions[0]!.left + regions[0]!.width).toBeGreaterThanOrEqual(490)
  })

  it('finds nothing on a page whose ink is all read, nor ink too small or too tall to be a line', () => {
    const img = page()
    strokes(img, 20, 40, 200, 20, 20)
    fill(img, 300, 100, 3, 3, 20) // a speck
    strokes(img, 300, 150, 40, 120, 20) // a tall drawing
    expect(findUnreadInk(img, [word('Итого', 20, 40, 200)])).toEqual([])
  })
})

describe('mergeReadings', () => {
  it('puts a region`s words in place of the words it replaces, and keeps them when it read nothing', () => {
    const partial = word('26.02.2026 1', 300, 100, 120)
    const kept = word('Статус', 20, 160, 200)
    const region = { left: 280, top: 90, width: 230, height: 40, replaces: [partial] }
    const reread = [word('26.02.2026', 300, 100, 120), word('17:54', 430, 100, 60)]
    expect(mergeReadings([partial, kept], [{ region, words: reread }])).toEqual([kept, ...reread])
    expect(mergeReadings([partial, kept], [{ region, words: [] }])).toEqual([partial, kept])
  })
})
