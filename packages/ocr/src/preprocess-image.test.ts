import { CheckError, maxOcrUpscale, readImageHeader } from '@rv/core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { preprocessImage } from './preprocess-image'
import { readImage } from './read-image'

/** A 300 × 100 image: black left third, white elsewhere (so orientation is visible in the pixels). */
async function landscape(): Promise<ReturnType<typeof sharp>> {
  const width = 300
  const height = 100
  const pixels = Buffer.alloc(width * height * 3, 255)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < 100; x++) pixels.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3)
  return sharp(pixels, { raw: { width, height, channels: 3 } })
}

describe('preprocessImage', () => {
  it('honours EXIF orientation: a JPEG stored sideways with orientation 6 comes out upright', async () => {
    const jpeg = await (await landscape()).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect(readImageHeader(jpeg)).toMatchObject({ format: 'jpeg', width: 300, height: 100, orientation: 6 })
    const prepared = await preprocessImage(jpeg, { minWidth: 10 })
    expect([prepared.width, prepared.height]).toEqual([100, 300])
    // Rotated 90° clockwise, the black band is now at the top.
    const { data, info } = await sharp(prepared.png).raw().toBuffer({ resolveWithObject: true })
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!
    expect(at(50, 5)).toBeLessThan(60)
    expect(at(50, info.height - 5)).toBeGreaterThan(200)
  })

  it('upscales a narrow image to the minimum width, grayscale PNG out', async () => {
    const png = await (await landscape()).png().toBuffer()
    const prepared = await preprocessImage(png, { minWidth: 600 })
    expect([prepared.width, prepared.height]).toEqual([600, 200])
    expect((await sharp(prepared.png).metadata()).format).toBe('png')
  })

  it('reads the same size from the header as sharp does, for PNG, JPEG and WebP', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await (await landscape()).toFormat(format).toBuffer()
      const meta = await sharp(bytes).metadata()
      expect(readImageHeader(bytes)).toMatchObject({ format, width: meta.width, height: meta.height })
    }
    const lossless = await (await landscape()).webp({ lossless: true }).toBuffer()
    expect(readImageHeader(lossless)).toMatchObject({ width: 300, height: 100 })
  })

  it('refuses an image over the decoder pixel bound and bytes that are no image', async () => {
    const png = await (await landscape()).png().toBuffer()
    await expect(preprocessImage(png, { maxPixels: 1000 })).rejects.toThrow()
    await expect(preprocessImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).rejects.toThrow()
  })
})

describe('preprocessImage: the upscale is bounded (a narrow picture cannot defeat the pixel limit)', () => {
  /** A 1 × 9000 white PNG: ~100 bytes, within every header limit, 9 gigapixels if scaled to 1 000 px wide. */
  async function sliver(): Promise<Buffer> {
    return sharp(Buffer.alloc(9000, 255), { raw: { width: 1, height: 9000, channels: 1 } })
      .png()
      .toBuffer()
  }

  it('refuses a 1 × 9000 picture as image_too_large (permanent) instead of upscaling it', async () => {
    const png = await sliver()
    expect(readImageHeader(png)).toMatchObject({ width: 1, height: 9000 })
    const error = await preprocessImage(png).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(CheckError)
    expect(error).toMatchObject({ code: 'image_too_large', retryable: false })
  })

  it('through readImage the code reaches the record unchanged (not image_unreadable, not stage_failed)', async () => {
    await expect(readImage(await sliver())).rejects.toMatchObject({
      code: 'image_too_large',
      retryable: false,
    })
  })

  it('upscales by at most the capped factor', async () => {
    const png = await (await landscape()).png().toBuffer()
    const prepared = await preprocessImage(png, { minWidth: 3000 })
    expect([prepared.width, prepared.height]).toEqual([300 * maxOcrUpscale, 100 * maxOcrUpscale])
  })
})
