import { checkImage, readImageHeader } from '@rv/core'
import { readImageMetadata } from '@rv/core/authenticity'
import {
  encodeHeic,
  type HeifTransform,
  heicEncoderAvailable,
  heifGrid,
  withHeifTransforms,
} from '@rv/generator'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeHeic, HeicDecodeError, HeicDecoderUnavailable, type RawImage } from './decode-heic'
import { preprocessImage } from './preprocess-image'
import { readImage } from './read-image'

// scripts/install/ocr.sh installs heif-enc (Debian libheif-examples) with tesseract; CI runs it.
const encoder = await heicEncoderAvailable()
if (!encoder) console.warn('decode-heic tests skipped: heif-enc (libheif-examples) is not installed')

/** A 300 × 100 picture, white but for a black block in its top-left corner (100 × 50). */
async function cornerPng(): Promise<Buffer> {
  const [width, height] = [300, 100]
  const pixels = Buffer.alloc(width * height * 3, 255)
  for (let y = 0; y < 50; y++) pixels.fill(0, y * width * 3, (y * width + 100) * 3)
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

const level = (image: RawImage, x: number, y: number) => image.data[(y * image.width + x) * image.channels]!

/** Where the dark block is, on a 3 × 2 grid of the picture (column, row of the cell's centre). */
function darkCells(image: RawImage): string[] {
  const cells: string[] = []
  for (const row of [0, 1])
    for (const column of [0, 1, 2]) {
      const [w, h] = image.width > image.height ? [3, 2] : [2, 3]
      const [c, r] = image.width > image.height ? [column, row] : [row, column]
      const x = Math.floor(((c + 0.5) * image.width) / w)
      const y = Math.floor(((r + 0.5) * image.height) / h)
      if (level(image, x, y) < 80) cells.push(`${c},${r}`)
    }
  return cells
}

async function upright(bytes: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: 3 }
}

describe.skipIf(!encoder)('decodeHeic (libheif-js in a worker)', () => {
  let png: Buffer
  let heic: Buffer
  beforeAll(async () => {
    png = await cornerPng()
    heic = await encodeHeic(png, { quality: 60 })
  })

  it('decodes a heif-enc HEIC to the same picture, RGB', async () => {
    expect(readImageHeader(heic)).toEqual({ format: 'heic', width: 300, height: 100, orientation: 1 })
    const image = await decodeHeic(heic)
    expect([image.width, image.height, image.channels]).toEqual([300, 100, 3])
    expect(darkCells(image)).toEqual(['0,0'])
  })

  it("decodes an iPhone-like grid: the tiles composed by libheif, the header sized by the grid's ispe", async () => {
    // Two 150 × 100 tiles side by side; the black block (100 × 50, top left) lies in the first.
    const tiles = await Promise.all(
      [0, 150].map(async (left) =>
        encodeHeic(await sharp(png).extract({ left, top: 0, width: 150, height: 100 }).png().toBuffer(), {
          quality: 60,
        }),
      ),
    )
    const grid = heifGrid(tiles, 2, 300, 100)
    expect(readImageHeader(grid)).toEqual({ format: 'heic', width: 300, height: 100, orientation: 1 })
    const image = await decodeHeic(grid)
    expect([image.width, image.height]).toEqual([300, 100])
    expect(darkCells(image)).toEqual(['0,0'])
    const turned = await decodeHeic(withHeifTransforms(grid, [{ irot: 3 }]))
    expect([turned.width, turned.height]).toEqual([100, 300])
    expect(darkCells(turned)).toEqual(['1,0'])
  })

  it('keeps alpha (RGBA) and lets preprocessing flatten it on white', async () => {
    // Transparent everywhere but an opaque black block in the top-left corner.
    const [width, height] = [300, 100]
    const pixels = Buffer.alloc(width * height * 4, 0)
    for (let y = 0; y < 50; y++)
      for (let x = 0; x < 100; x++) pixels.writeUInt32BE(0x000000ff, (y * width + x) * 4)
    const transparent = await sharp(pixels, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer()
    const heic = await encodeHeic(transparent, { quality: 60 })
    const image = await decodeHeic(heic)
    expect(image.channels).toBe(4)
    expect(image.data[(75 * width + 250) * 4 + 3]).toBeLessThan(20)
    const prepared = await preprocessImage(heic, { minWidth: 10 })
    const { data, info } = await sharp(prepared.png).raw().toBuffer({ resolveWithObject: true })
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!
    expect(at(50, 25)).toBeLessThan(80)
    expect(at(250, 75)).toBeGreaterThan(200)
  })

  it('decodes a 10-bit HEIC (as HDR iPhones write) to 8-bit RGB', async () => {
    const deep = await sharp(png).toColourspace('rgb16').png().toBuffer()
    const image = await decodeHeic(await encodeHeic(deep, { quality: 60, bitDepth: 10 }))
    expect([image.width, image.height, image.channels, image.data.length]).toEqual([
      300,
      100,
      3,
      300 * 100 * 3,
    ])
    expect(darkCells(image)).toEqual(['0,0'])
  })

  it('applies irot/imir as the header reports them: the same picture as a JPEG with that EXIF orientation', async () => {
    const cases: [HeifTransform[], number, string[]][] = [
      [[{ irot: 1 }], 8, ['0,2']],
      [[{ irot: 3 }], 6, ['1,0']],
      [[{ irot: 2 }], 3, ['2,1']],
      [[{ imir: 1 }], 2, ['2,0']],
      [[{ imir: 0 }], 4, ['0,1']],
      [[{ irot: 1 }, { imir: 1 }], 7, ['1,2']],
    ]
    for (const [transforms, orientation, cells] of cases) {
      const turned = withHeifTransforms(heic, transforms)
      expect(readImageHeader(turned)).toMatchObject({ format: 'heic', orientation })
      const decoded = await decodeHeic(turned)
      const jpeg = await upright(await sharp(png).jpeg().withMetadata({ orientation }).toBuffer())
      expect([decoded.width, decoded.height]).toEqual([jpeg.width, jpeg.height])
      expect(darkCells(decoded)).toEqual(cells)
      expect(darkCells(jpeg)).toEqual(cells)
    }
  })

  it('refuses a HEIC cut short: the header still reads, the decode fails with a HeicDecodeError', async () => {
    const cut = heic.subarray(0, heic.length - Math.floor(heic.length / 4))
    expect(checkImage(cut)).toMatchObject({ format: 'heic', width: 300, height: 100 })
    await expect(decodeHeic(cut)).rejects.toBeInstanceOf(HeicDecodeError)
    await expect(preprocessImage(cut)).rejects.toBeInstanceOf(HeicDecodeError)
  })

  it('checks the size again in the decoder, and ends a decode that overruns its time', async () => {
    await expect(decodeHeic(heic, { maxPixels: 20_000 })).rejects.toThrow(/300 x 100 pixels/)
    await expect(decodeHeic(heic, { timeoutMs: 1 })).rejects.toThrow(/longer than 1 ms/)
  })

  it('tells a decoder that will not start (HeicDecoderUnavailable, stage_failed) from a bad picture', async () => {
    const broken = { decoderModule: '/nonexistent/libheif.js' }
    await expect(decodeHeic(heic, broken)).rejects.toBeInstanceOf(HeicDecoderUnavailable)
    await expect(readImage(heic, { heic: broken })).rejects.toMatchObject({
      code: 'stage_failed',
      retryable: true,
    })
    await expect(readImage(heic.subarray(0, 300))).rejects.toMatchObject({ code: 'image_unreadable' })
  })

  it('turns garbage behind a HEIC ftyp into a HeicDecodeError, not a crash', async () => {
    const junk = Uint8Array.from(heic)
    for (let i = 200; i < junk.length; i += 7) junk[i] = (junk[i]! * 31 + i) & 255
    await expect(decodeHeic(junk)).rejects.toBeInstanceOf(HeicDecodeError)
    await expect(decodeHeic(heic.subarray(0, 40))).rejects.toBeInstanceOf(HeicDecodeError)
  })

  it("keeps the picture's EXIF where core's metadata reader finds it (heif-enc's iloc, base offsets)", async () => {
    const edited = await sharp(png)
      .jpeg()
      .withExif({ IFD0: { Make: 'Apple', Software: 'GIMP 2.10' } })
      .toBuffer()
    expect(readImageMetadata(await encodeHeic(edited))).toMatchObject({
      container: 'heic',
      make: 'Apple',
      software: ['GIMP 2.10'],
      trailingBytes: 0,
    })
  })

  it('hands sharp upright grayscale pixels for OCR', async () => {
    const prepared = await preprocessImage(withHeifTransforms(heic, [{ irot: 3 }]), { minWidth: 10 })
    expect([prepared.width, prepared.height]).toEqual([100, 300])
    expect(await sharp(prepared.png).metadata()).toMatchObject({ channels: 1, space: 'b-w' })
    const { data, info } = await sharp(prepared.png).raw().toBuffer({ resolveWithObject: true })
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!
    expect(at(75, 50)).toBeLessThan(80)
    expect(at(25, 50)).toBeGreaterThan(180)
  })
})
