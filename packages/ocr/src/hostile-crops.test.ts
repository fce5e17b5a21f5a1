/**
 * The re-reading crops are held to the page's pixel limits: a 36 MP picture (within the limits) whose word
 * box spans the page would ask for 144 MP at 2× and 576 MP at 4×, and its unread region for a stack of nine
 * pages. None of them is made; each call returns at once, having asked sharp and tesseract for nothing.
 */
import { execFileSync } from 'node:child_process'
import type { FieldRereading } from '@rv/core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { rereadFields } from './reread-fields'
import { rereadRegions } from './reread-regions'

execFileSync('tesseract', ['--version'])

const side = 6000
const pageBox = { left: 0, top: 0, width: side, height: side }
const word = { text: 'Иванов', confidence: 0.5, block: 1, paragraph: 1, line: 1, ...pageBox }

function blankPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .grayscale()
    .png({ compressionLevel: 1 })
    .toBuffer()
}

const rssMiB = () => process.memoryUsage().rss / 2 ** 20

describe('a hostile picture costs bounded memory in the re-readings', () => {
  it('makes no crop of a page-sized box of a 36 MP page at 2x, 4x or binarised', async () => {
    const png = await blankPng(side, side)
    const rereading: FieldRereading = {
      field: 'recipient_name',
      words: [word],
      box: pageBox,
      lines: 1,
      passes: [{ languages: 'rus' }, { languages: 'rus', upscale: 4 }, { languages: 'rus', binarise: true }],
    }
    const before = rssMiB()
    expect(await rereadFields(png, { width: side, height: side }, [rereading])).toEqual([])
    // 144 MP of grey alone would be 144 MiB more; nothing of the sort was allocated.
    expect(rssMiB() - before).toBeLessThan(64)
  }, 30_000)

  it('makes no stack of a page-sized unread region (the stack would be nine pages)', async () => {
    const image = { pixels: new Uint8Array(side * side).fill(255), width: side, height: side }
    const before = rssMiB()
    expect(await rereadRegions(image, [{ ...pageBox, replaces: [] }])).toEqual([])
    expect(rssMiB() - before).toBeLessThan(64)
  }, 30_000)

  it('holds a crop to the configured limits, not only the defaults', async () => {
    const png = await blankPng(300, 100)
    const rereading: FieldRereading = {
      field: 'recipient_name',
      words: [{ ...word, left: 50, top: 25, width: 200, height: 50 }],
      box: { left: 50, top: 25, width: 200, height: 50 },
      lines: 1,
      passes: [{ languages: 'eng' }],
    }
    const size = { width: 300, height: 100 }
    // The margin (0.4 of the height) makes the crop 240 × 90; at 2× 480 × 180 = 86 400 pixels.
    expect(await rereadFields(png, size, [rereading], { maxPixels: 86_399 })).toEqual([])
    expect(await rereadFields(png, size, [rereading], { maxPixels: 86_400 })).toHaveLength(1)
  }, 30_000)
})
