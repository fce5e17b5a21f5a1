/**
 * Image bytes → what OCR read (`OcrPage`, pure data for core's extractImageReceipt): orientation, grayscale
 * and upscaling by sharp, then tesseract's TSV parsed by core. Failures are the record's error codes
 * (CheckError): an image sharp (or the HEIC decoder) cannot decode is `image_unreadable` (permanent), one
 * too large to read at a readable size is `image_too_large` (permanent, preprocess-image.ts); an
 * engine that is missing, crashes or times out — tesseract, or a HEIC decoder that will not load — is
 * `stage_failed` (retryable: the image itself may be fine).
 *
 * A second, targeted reading follows when the first leaves a field the recognised variant always prints
 * unread (core's `fieldsLeftUnread`): the ink the first pass did not read — light grey rows tesseract's
 * global threshold dropped — is read again region by region (find-unread-ink.ts, reread-regions.ts), and
 * the merged words are kept only if they read more and lose nothing (core's `secondReadingHelps`).
 *
 * Then the values OCR read shakily — a name below 0.9 or not shaped like a name, an SBP id below 0.9 — are
 * read again from their own box, upscaled, one language at a time (core's `fieldsToReread`,
 * reread-fields.ts), and the well-formed reading the engine was surest of is kept (`chooseFieldReadings`);
 * each lone initial of a name is read once more alone, by the model of the name's script
 * (reread-initials.ts, core's `initialsToReread`);
 * last, a masked name's run of `*` is counted from its pixels (recount-masks.ts), and a masked card or
 * account number's whose stars OCR dropped or misread (recount-masked-numbers.ts), and so are the glyphs of
 * a shaky amount, where OCR dropped a footless `1` (recount-ones.ts), and the width of the SBP id's round
 * glyph at position 16, `0` or a letter (measure-sbp-id.ts).
 */
import {
  applyFieldReadings,
  CheckError,
  chooseFieldReadings,
  extractImageReceipt,
  fieldsLeftUnread,
  fieldsToReread,
  type OcrPage,
  type OcrWord,
  parseTesseractTsv,
  rereadingsToBinarise,
  secondReadingHelps,
} from '@rv/core'
import sharp from 'sharp'
import { HeicDecoderUnavailable } from './decode-heic'
import { findUnreadInk, type GrayImage } from './find-unread-ink'
import { measureSbpIdGlyph } from './measure-sbp-id'
import { type PreparedImage, type PreprocessOptions, preprocessImage } from './preprocess-image'
import { recountMaskedNumbers } from './recount-masked-numbers'
import { recountMasks } from './recount-masks'
import { recountOnes } from './recount-ones'
import { fieldBlock, rereadFields } from './reread-fields'
import { rereadInitials } from './reread-initials'
import { type RegionReading, rereadRegions } from './reread-regions'
import { runTesseract, type TesseractOptions } from './run-tesseract'

export interface ReadImageOptions extends PreprocessOptions, TesseractOptions {
  /** The targeted second reading of unread ink (default on). */
  secondReading?: boolean
  /** The re-reading of shaky names and SBP ids from their own box (default on). */
  fieldRereading?: boolean
  /** The re-reading of each initial of a name alone (default on; `fieldRereading: false` turns it off too). */
  initialRereading?: boolean
}

export async function readImage(bytes: Uint8Array, options: ReadImageOptions = {}): Promise<OcrPage> {
  let prepared: PreparedImage
  try {
    prepared = await preprocessImage(bytes, options)
  } catch (error) {
    // A coded refusal (the bounded upscale's image_too_large) reaches the record as it is.
    if (error instanceof CheckError) throw error
    if (error instanceof HeicDecoderUnavailable) {
      throw new CheckError('stage_failed', 'The HEIC decoder is unavailable.', { cause: error })
    }
    throw new CheckError('image_unreadable', undefined, { cause: error })
  }
  const first = await ocr(prepared.png, options)
  const page = await readUnreadInk(
    prepared,
    { ...first, width: prepared.width, height: prepared.height },
    options,
  )
  if (options.fieldRereading === false) return page
  const shaky = await rereadShakyFields(prepared, page, options)
  const reread =
    options.initialRereading === false
      ? shaky
      : await engine(() => rereadInitials(prepared.png, prepared, shaky, options))
  // Glyphs counted from the pixels: a masked name's or number's `*`, a `1` dropped from the amount, the SBP
  // id's round glyph (one decode for all).
  let gray: Promise<GrayImage> | undefined
  const pixels = () => {
    gray ??= grayPixels(prepared.png)
    return gray
  }
  const masked = await recountMaskedNumbers(await recountMasks(reread, pixels), pixels)
  return measureSbpIdGlyph(await recountOnes(masked, pixels), pixels)
}

/** Shaky names and SBP ids read again from their own box; the page as it was when none is shaky. */
async function rereadShakyFields(prepared: PreparedImage, page: OcrPage, options: ReadImageOptions) {
  const result = extractImageReceipt(page)
  const rereadings = fieldsToReread(page, result)
  if (rereadings.length === 0) return page
  const grey = await engine(() => rereadFields(prepared.png, prepared, rereadings, options))
  const unsettled = rereadingsToBinarise(page, result, grey, extractImageReceipt)
  const binarised =
    unsettled.length === 0
      ? []
      : await engine(() =>
          rereadFields(prepared.png, prepared, unsettled, options, fieldBlock + rereadings.length),
        )
  const readings = [...grey, ...binarised]
  return applyFieldReadings(page, chooseFieldReadings(page, result, readings, extractImageReceipt))
}

/** The second reading of ink the first pass left unread, when a field the variant prints is missing. */
async function readUnreadInk(prepared: PreparedImage, page: OcrPage, options: ReadImageOptions) {
  if (options.secondReading === false) return page
  const firstResult = extractImageReceipt(page)
  if (fieldsLeftUnread(firstResult).length === 0) return page
  const gray = await grayPixels(prepared.png)
  const regions = findUnreadInk(gray, page.words)
  if (regions.length === 0) return page
  const readings = await engine(() => rereadRegions(gray, regions, options))
  const merged = { ...page, words: mergeReadings(page.words, readings) }
  return secondReadingHelps(firstResult, extractImageReceipt(merged)) ? merged : page
}

/** An engine failure is `stage_failed` (retryable): the image itself may be fine. */
async function engine<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw new CheckError('stage_failed', 'The OCR engine failed to read the image.', { cause: error })
  }
}

function ocr(png: Buffer, options: TesseractOptions): Promise<OcrPage> {
  return engine(async () => parseTesseractTsv(await runTesseract(png, options)))
}

export async function grayPixels(png: Buffer): Promise<GrayImage> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true })
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  }
}

/** The first pass's words with each region that read something in place of the words it replaces. */
export function mergeReadings(words: readonly OcrWord[], readings: readonly RegionReading[]): OcrWord[] {
  const read = readings.filter((r) => r.words.length > 0)
  const replaced = new Set(read.flatMap((r) => r.region.replaces))
  return [...words.filter((w) => !replaced.has(w)), ...read.flatMap((r) => r.words)]
}
