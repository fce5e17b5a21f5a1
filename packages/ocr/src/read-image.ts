/**
 * Image bytes → what OCR read (`OcrPage`, pure data for core's extractImageReceipt): orientation, grayscale
 * and upscaling by sharp, then tesseract's TSV parsed by core. Failures are the record's error codes
 * (CheckError): an image sharp cannot decode is `image_unreadable` (permanent); an engine that is missing,
 * crashes or times out is `stage_failed` (retryable: the image itself may be fine).
 */
import { CheckError, type OcrPage, parseTesseractTsv } from '@rv/core'
import { type PreparedImage, type PreprocessOptions, preprocessImage } from './preprocess-image'
import { runTesseract, type TesseractOptions } from './run-tesseract'

export interface ReadImageOptions extends PreprocessOptions, TesseractOptions {}

export async function readImage(bytes: Uint8Array, options: ReadImageOptions = {}): Promise<OcrPage> {
  let prepared: PreparedImage
  try {
    prepared = await preprocessImage(bytes, options)
  } catch (error) {
    throw new CheckError('image_unreadable', undefined, { cause: error })
  }
  let tsv: string
  try {
    tsv = await runTesseract(prepared.png, options)
  } catch (error) {
    throw new CheckError('stage_failed', 'The OCR engine failed to read the image.', { cause: error })
  }
  const page = parseTesseractTsv(tsv)
  return { ...page, width: prepared.width, height: prepared.height }
}
