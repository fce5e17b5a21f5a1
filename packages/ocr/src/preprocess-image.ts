/**
 * Prepares an image for OCR: honours EXIF orientation (a phone photo is stored sideways with a rotate tag;
 * a HEIC's own irot/imir are applied by its decoder, decode-heic.ts), flattens transparency onto white, converts to grayscale and upscales small images (a cropped screenshot
 * whose text is under ~20 px tall reads badly) — one lossless PNG out. Decoding is bounded by
 * `maxPixels`, so a decompression bomb that slipped past the header check still fails here, not in memory.
 */
import { sniffImageFormat } from '@rv/core'
import sharp, { type Sharp } from 'sharp'
import { type DecodeHeicOptions, decodeHeic } from './decode-heic'

export interface PreprocessOptions {
  /** How a HEIC is decoded (decode-heic.ts; its pixel bound is `maxPixels`). */
  heic?: Omit<DecodeHeicOptions, 'maxPixels'>
  /** Images narrower than this are upscaled to it (pixels). */
  minWidth?: number
  maxPixels?: number
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
  let { width, height } = oriented.info
  if (width >= minWidth) return { png: oriented.data, width, height }
  const factor = minWidth / width
  width = minWidth
  height = Math.round(height * factor)
  const png = await sharp(oriented.data)
    .resize({ width, height, kernel: 'lanczos3' })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer()
  return { png, width, height }
}

/** sharp over the file, or over a HEIC's pixels (decoded upright by libheif; sharp's libvips reads no HEVC). */
async function decoded(bytes: Uint8Array, options: PreprocessOptions): Promise<Sharp> {
  const maxPixels = options.maxPixels ?? 40_000_000
  if (sniffImageFormat(bytes) !== 'heic')
    return sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
  const raw = await decodeHeic(bytes, { ...options.heic, maxPixels })
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
}
