/**
 * Prepares an image for OCR: honours EXIF orientation (a phone photo is stored sideways with a rotate tag),
 * flattens transparency onto white, converts to grayscale and upscales small images (a cropped screenshot
 * whose text is under ~20 px tall reads badly) — one lossless PNG out. Decoding is bounded by
 * `maxPixels`, so a decompression bomb that slipped past the header check still fails here, not in memory.
 */
import sharp from 'sharp'

export interface PreprocessOptions {
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
  const image = sharp(bytes, { limitInputPixels: options.maxPixels ?? 40_000_000, failOn: 'error' })
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
