/**
 * The targeted re-reading of field values (core's `fieldsToReread` says which, and with which passes): each
 * value's box, with a margin, is cut from the prepared page, upscaled 2× (a small font's lone capital reads
 * better; more than 2× was worse on the development pictures; a pass may ask for another scale) and read as
 * one line (`--psm 7`; a value that wraps, as one block, `--psm 6`) by each pass's language, restricted to
 * its characters when the pass names them. The words go back to page pixels with
 * block ids from `fieldBlock`, so they never join a first-pass line. Which reading is kept is core's
 * `chooseFieldReadings`.
 *
 * A crop is made only when, enlarged, it stays within the page's pixel limits (core's `cropWithinLimits`,
 * `maxPixels` / `maxSide` as the page had them): a pass whose crop would pass them is not read, and the first
 * reading stands — a hostile picture never asks sharp or tesseract for more pixels than its page was allowed.
 */
import {
  cropWithinLimits,
  type FieldPassReading,
  type FieldRereading,
  parseTesseractTsv,
  pixelLimitsOf,
} from '@rv/core'
import sharp from 'sharp'
import { runTesseract, type TesseractOptions } from './run-tesseract'

/** Block ids of re-read field words start here (second-reading regions use 10 000 and up). */
export const fieldBlock = 20_000
const upscale = 2

export interface RereadOptions extends TesseractOptions {
  /** The page's pixel limits, which every enlarged crop is held to (default core's `defaultImageLimits`). */
  maxPixels?: number
  maxSide?: number
}

export async function rereadFields(
  png: Buffer,
  size: { width: number; height: number },
  rereadings: readonly FieldRereading[],
  options: RereadOptions = {},
  /** The block id of the first re-reading's words (a later call starts after an earlier one's). */
  firstBlock = fieldBlock,
): Promise<FieldPassReading[]> {
  const readings: FieldPassReading[] = []
  const limits = pixelLimitsOf(options)
  for (const [i, rereading] of rereadings.entries()) {
    const { box } = rereading
    // Margin: under half a line, so the rows above and below stay out of the crop.
    const margin = Math.round((0.4 * box.height) / Math.max(1, rereading.lines))
    const left = Math.max(0, Math.floor(box.left - margin))
    const top = Math.max(0, Math.floor(box.top - margin))
    const width = Math.min(size.width - left, Math.ceil(box.width + 2 * margin))
    const height = Math.min(size.height - top, Math.ceil(box.height + 2 * margin))
    if (width < 2 || height < 2) continue
    // One crop per scale and binarisation the passes ask for.
    const crops = new Map<string, Promise<Buffer>>()
    const cropFor = (scale: number, black: boolean): Promise<Buffer> => {
      const key = `${scale}/${black}`
      if (!crops.has(key)) {
        crops.set(
          key,
          black ? cropFor(scale, false).then(binarise) : enlarged(png, { left, top, width, height }, scale),
        )
      }
      return crops.get(key)!
    }
    for (const pass of rereading.passes) {
      const scale = pass.upscale ?? upscale
      if (!cropWithinLimits(width, height, scale, limits)) continue
      const image = await cropFor(scale, pass.binarise === true)
      const variables = pass.whitelist ? { tessedit_char_whitelist: pass.whitelist } : undefined
      const tsv = await runTesseract(image, {
        ...options,
        languages: pass.languages,
        psm: rereading.lines > 1 ? 6 : 7,
        variables,
      })
      const words = parseTesseractTsv(tsv).words.map((w) => ({
        ...w,
        left: left + w.left / scale,
        top: top + w.top / scale,
        width: w.width / scale,
        height: w.height / scale,
        block: firstBlock + i,
      }))
      readings.push({ rereading, pass, words })
    }
  }
  return readings
}

function enlarged(
  png: Buffer,
  box: { left: number; top: number; width: number; height: number },
  scale: number,
): Promise<Buffer> {
  return sharp(png)
    .extract(box)
    .resize({ width: box.width * scale, height: box.height * scale, kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer()
}

/**
 * The crop in black and white: its levels stretched (1st percentile to black, 99th to white), then cut at
 * 140 — a blurred capital's thin strokes come out whole where tesseract's own threshold of the grey crop
 * loses them.
 */
function binarise(png: Buffer): Promise<Buffer> {
  return sharp(png).normalise().threshold(140).png({ compressionLevel: 1 }).toBuffer()
}
