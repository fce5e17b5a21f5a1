/**
 * The second reading: the regions the first pass left unread (find-unread-ink.ts), each contrast-stretched
 * on its own (its darkest ink to black, its paper to white, so light grey text is as dark as body text),
 * stacked one under another with white space between them, and read by ONE tesseract call (the engine's
 * start-up, loading the Russian and English models, costs about as much as reading a few lines). Each word
 * read goes back to its region and to page coordinates. Words of region `i` get block `rereadBlock + i`, so
 * they never join a first-pass line. The stack is held to the page's pixel limits (core's `cropWithinLimits`):
 * one that would pass them — a page-sized region makes it nine pages — is not made, and the first reading
 * stands.
 */
import { cropWithinLimits, type OcrWord, parseTesseractTsv, pixelLimitsOf } from '@rv/core'
import sharp from 'sharp'
import type { GrayImage, UnreadRegion } from './find-unread-ink'
import type { RereadOptions } from './reread-fields'
import { runTesseract } from './run-tesseract'

/** Block ids of reread words start here (tesseract numbers a page's blocks from 1). */
export const rereadBlock = 10_000

export interface RegionReading {
  region: UnreadRegion
  words: OcrWord[]
}

export async function rereadRegions(
  image: GrayImage,
  regions: readonly UnreadRegion[],
  options: RereadOptions = {},
): Promise<RegionReading[]> {
  if (regions.length === 0) return []
  const gap = Math.max(20, ...regions.map((r) => r.height))
  const width = Math.max(...regions.map((r) => r.width)) + 2 * gap
  const slots: number[] = []
  let height = gap
  for (const r of regions) {
    slots.push(height)
    height += r.height + gap
  }
  const limits = pixelLimitsOf(options)
  if (!cropWithinLimits(width, height, 1, limits)) return []
  const stack = new Uint8Array(width * height).fill(255)
  regions.forEach((r, i) => {
    stretchInto(image, r, stack, width, gap, slots[i]!)
  })
  const png = await sharp(stack, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer()
  // One column of variable-size lines: the slots are far apart and never side by side.
  const page = parseTesseractTsv(await runTesseract(png, { ...options, psm: options.psm ?? 4 }))
  const readings = regions.map((region) => ({ region, words: [] as OcrWord[] }))
  for (const word of page.words) {
    const centre = word.top + word.height / 2
    const i = slots.findIndex((top, k) => centre >= top && centre < top + regions[k]!.height)
    if (i < 0) continue
    const region = regions[i]!
    readings[i]!.words.push({
      ...word,
      left: word.left - gap + region.left,
      top: word.top - slots[i]! + region.top,
      block: rereadBlock + i,
    })
  }
  return readings
}

/** Copies a region into the stack with its levels stretched: 2nd percentile → 0, 90th → 255. */
function stretchInto(
  image: GrayImage,
  r: UnreadRegion,
  stack: Uint8Array,
  stackWidth: number,
  x0: number,
  y0: number,
): void {
  const values: number[] = []
  for (let y = r.top; y < r.top + r.height; y++)
    for (let x = r.left; x < r.left + r.width; x++) values.push(image.pixels[y * image.width + x]!)
  const sorted = values.sort((a, b) => a - b)
  const dark = sorted[Math.floor(0.02 * sorted.length)] ?? 0
  const paper = sorted[Math.floor(0.9 * sorted.length)] ?? 255
  const range = Math.max(1, paper - dark)
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const v = image.pixels[(r.top + y) * image.width + r.left + x]!
      stack[(y0 + y) * stackWidth + x0 + x] = Math.max(
        0,
        Math.min(255, Math.round(((v - dark) / range) * 255)),
      )
    }
  }
}
