/**
 * Bounds an image must satisfy before anything decodes it: a 10 MiB file may declare billions of pixels
 * (a decompression bomb), so the decision is made from the header (image-header.ts) alone. 40 megapixels
 * and 12 000 px a side are far above any phone photo or screenshot (a 200 MP sensor excepted, which no
 * receipt needs) and keep a decoded grayscale page under ~40 MB.
 */
import { CheckError } from '../../vocabulary/error-codes'
import { type ImageHeader, readImageHeader } from './image-header'

export interface ImageLimits {
  maxBytes: number
  maxPixels: number
  maxSide: number
}

export const defaultImageLimits: ImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 12_000,
}

/** The header, or a CheckError: `image_unreadable` (no readable header), `image_too_large` (over a limit). */
export function checkImage(bytes: Uint8Array, limits: ImageLimits = defaultImageLimits): ImageHeader {
  if (bytes.byteLength > limits.maxBytes) throw new CheckError('file_too_large')
  const header = readImageHeader(bytes)
  if (!header) throw new CheckError('image_unreadable')
  if (exceedsImageLimits(header.width, header.height, limits)) {
    throw new CheckError(
      'image_too_large',
      `The image declares ${header.width} x ${header.height} pixels; the limit is ${limits.maxPixels} pixels and ${limits.maxSide} a side.`,
    )
  }
  return header
}

/** Whether a `width` × `height` picture passes the side or the pixel limit. */
export function exceedsImageLimits(
  width: number,
  height: number,
  limits: Pick<ImageLimits, 'maxPixels' | 'maxSide'>,
): boolean {
  return width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels
}
