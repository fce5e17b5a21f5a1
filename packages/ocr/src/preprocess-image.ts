/**
 * Prepares an image for OCR: honours EXIF orientation (a phone photo is stored sideways with a rotate tag;
 * a HEIC's own irot/imir are applied by its decoder, decode-heic.ts), flattens transparency onto white, converts to grayscale and upscales small images (a cropped screenshot
 * whose text is under ~20 px tall reads badly) — one lossless PNG out. Decoding is bounded by
 * `maxPixels`, so a decompression bomb that slipped past the header check still fails here, not in memory;
 * the upscale is bounded too (core's `planOcrScale`: factor capped, the size re-checked against the pixel
 * limits), so a narrow sliver is `image_too_large` before any resize, not gigapixels of work.
 */
import { defaultImageLimits, planOcrScale, sniffImageFormat } from '@rv/core'
import sharp, { type Sharp } from 'sharp'
import { type DecodeHeicOptions, decodeHeic } from './decode-heic'

export interface PreprocessOptions {
  /** How a HEIC is decoded (decode-heic.ts; its pixel bound is `maxPixels`). */
  heic?: Omit<DecodeHeicOptions, 'maxPixels'>
  /** Images narrower than this are upscaled towards it (pixels), by at most `maxUpscale`. */
  minWidth?: number
  /** The cap on the upscale factor (default core's `maxOcrUpscale`). */
  maxUpscale?: number
  maxPixels?: number
  /** The longest side, after any upscale (default core's `defaultImageLimits.maxSide`). */
  maxSide?: number
}

export interface PreparedImage {
  png: Buffer
  width: number
  height: number
}

export async function preprocessImage(
  bytes: Uint8Array,
  options: PreprocessOptions = {},
): Promise<PreparedImage> {
  const minWidth = options.minWidth ?? 1000
  const image = (await decoded(bytes, options))
    .rotate()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .toColourspace('b-w')
  const oriented = await image.clone().png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true })
  const { width, height, factor } = planOcrScale(oriented.info.width, oriented.info.height, {
    minWidth,
    maxUpscale: options.maxUpscale,
    limits: {
      maxPixels: options.maxPixels ?? defaultImageLimits.maxPixels,
      maxSide: options.maxSide ?? defaultImageLimits.maxSide,
    },
  })
  if (factor === 1) return { png: oriented.data, width, height }
  const png = await sharp(oriented.data)
    .resize({ width, height, kernel: 'lanczos3' })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer()
  return { png, width, height }
}

/** sharp over the file, or over a HEIC's pixels (decoded upright by libheif; sharp's libvips reads no HEVC). */
async function decoded(bytes: Uint8Array, options: PreprocessOptions): Promise<Sharp> {
  const maxPixels = options.maxPixels ?? defaultImageLimits.maxPixels
  if (sniffImageFormat(bytes) !== 'heic')
    return sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
  const raw = await decodeHeic(bytes, { ...options.heic, maxPixels })
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
}
