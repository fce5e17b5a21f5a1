/**
 * Every image the OCR path makes after the page — a field's crop enlarged 2× or 4× for a re-reading, an
 * initial's, the stack of unread regions read in one call — is held to the same pixel limits as the page
 * (image-limits.ts). The page itself is within them, but a crop is the page's box times the scale squared: a
 * 36 MP picture whose word box spans the page would ask for 144 MP at 2× and 576 MP at 4×. A crop over the
 * limits is not made: that re-reading is skipped and the first reading stands (a re-reading only ever
 * improves on it), so the cost of any picture stays bounded by its limits.
 */
import { defaultImageLimits, exceedsImageLimits, type ImageLimits } from './image-limits'

export type PixelLimits = Pick<ImageLimits, 'maxPixels' | 'maxSide'>

/**
 * Whether a `width` × `height` crop enlarged `scale` times stays within the limits.
 *
 * @example
 * cropWithinLimits(6000, 6000, 2) // false: 144 MP
 * cropWithinLimits(400, 60, 4) // true
 */
export function cropWithinLimits(
  width: number,
  height: number,
  scale = 1,
  limits: PixelLimits = defaultImageLimits,
): boolean {
  return !exceedsImageLimits(Math.ceil(width * scale), Math.ceil(height * scale), limits)
}

/** The limits a caller configured, the defaults for any it left out. */
export function pixelLimitsOf(options: Partial<PixelLimits>): PixelLimits {
  return {
    maxPixels: options.maxPixels ?? defaultImageLimits.maxPixels,
    maxSide: options.maxSide ?? defaultImageLimits.maxSide,
  }
}
