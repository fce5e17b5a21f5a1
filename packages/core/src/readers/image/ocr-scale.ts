/**
 * How much a picture is scaled up before OCR (a cropped screenshot whose text is under ~20 px tall reads
 * badly). The factor is capped: a 1 × 9 000 PNG (~100 bytes, within every header limit) scaled to 1 000 px
 * wide would be 9 gigapixels, minutes of CPU ending in a retryable engine failure. So the factor is at most
 * `maxOcrUpscale`, and the size it gives is checked against the same pixel limits as the header
 * (image-limits.ts): over them, the picture is `image_too_large` — permanent, no client retries it.
 */
import { CheckError } from '../../vocabulary/error-codes'
import { defaultImageLimits, exceedsImageLimits, type ImageLimits } from './image-limits'

/** The largest factor a picture is scaled up by for OCR (300 px → 1 200 px; narrower stays small). */
export const maxOcrUpscale = 4

export interface OcrScaleOptions {
  /** Pictures narrower than this are scaled up towards it (pixels). */
  minWidth: number
  /** The cap on the factor (default `maxOcrUpscale`). */
  maxUpscale?: number
  limits?: Pick<ImageLimits, 'maxPixels' | 'maxSide'>
}

export interface OcrScale {
  factor: number
  width: number
  height: number
}

/** The size a `width` × `height` picture is read at, or a CheckError `image_too_large`. */
export function planOcrScale(width: number, height: number, options: OcrScaleOptions): OcrScale {
  const limits = options.limits ?? defaultImageLimits
  const cap = options.maxUpscale ?? maxOcrUpscale
  const factor = width >= options.minWidth ? 1 : Math.min(options.minWidth / width, cap)
  const scaled = { factor, width: Math.round(width * factor), height: Math.round(height * factor) }
  if (exceedsImageLimits(scaled.width, scaled.height, limits)) {
    throw new CheckError(
      'image_too_large',
      `Read at a readable size the image would be ${scaled.width} x ${scaled.height} pixels; the limit is ${limits.maxPixels} pixels and ${limits.maxSide} a side.`,
    )
  }
  return scaled
}
