import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CheckError } from '../../vocabulary/error-codes'
import { readImageHeader, sniffImageFormat } from './image-header'
import { checkImage } from './image-limits'

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
const be16 = (n: number) => [(n >>> 8) & 255, n & 255]
const le16 = (n: number) => [n & 255, (n >>> 8) & 255]
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255]
const text = (s: string) => [...s].map((c) => c.charCodeAt(0))

function png(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    ...text('IHDR'),
    ...be32(width),
    ...be32(height),
    8,
    0,
    0,
    0,
    0,
  ])
}

function jpeg(width: number, height: number, orientation?: number): Uint8Array {
  const exif =
    orientation === undefined
      ? []
      : (() => {
          // Big-endian TIFF header, IFD0 at 8 with one entry: 0x0112 SHORT 1 = orientation.
          const tiff = [
            ...text('MM'),
            0,
            42,
            ...be32(8),
            ...be16(1),
            ...be16(0x0112),
            ...be16(3),
            ...be32(1),
            ...be16(orientation),
            0,
            0,
            ...be32(0),
          ]
          const payload = [...text('Exif'), 0, 0, ...tiff]
          return [0xff, 0xe1, ...be16(payload.length + 2), ...payload]
        })()
  const app0 = [0xff, 0xe0, ...be16(16), ...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const sof = [0xff, 0xc0, ...be16(11), 8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]
  return new Uint8Array([0xff, 0xd8, ...app0, ...exif, ...sof, 0xff, 0xda, 0, 2, 0xff, 0xd9])
}

function webpX(width: number, height: number): Uint8Array {
  return new Uint8Array([
    ...text('RIFF'),
    0,
    0,
    0,
    0,
    ...text('WEBP'),
    ...text('VP8X'),
    10,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...le24(width - 1),
    ...le24(height - 1),
    0,
    0,
  ])
}

function webpLossy(width: number, height: number): Uint8Array {
  return new Uint8Array([
    ...text('RIFF'),
    0,
    0,
    0,
    0,
    ...text('WEBP'),
    ...text('VP8 '),
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0x9d,
    0x01,
    0x2a,
    ...le16(width),
    ...le16(height),
    0,
    0,
  ])
}

describe('readImageHeader', () => {
  it('reads PNG, JPEG (with EXIF orientation) and WebP sizes from the header alone', () => {
    expect(readImageHeader(png(586, 911))).toEqual({ format: 'png', width: 586, height: 911, orientation: 1 })
    expect(readImageHeader(jpeg(1200, 1600, 6))).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 1600,
      orientation: 6,
    })
    expect(readImageHeader(jpeg(1200, 1600))).toMatchObject({ orientation: 1 })
    expect(readImageHeader(webpX(800, 1400))).toEqual({
      format: 'webp',
      width: 800,
      height: 1400,
      orientation: 1,
    })
    expect(readImageHeader(webpLossy(640, 480))).toMatchObject({ width: 640, height: 480 })
  })

  it('tells images from PDFs and junk by the bytes', () => {
    expect(sniffImageFormat(new TextEncoder().encode('%PDF-1.7\n'))).toBeNull()
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1]))).toBeNull()
    expect(readImageHeader(png(0, 10))).toBeNull()
  })

  it('never throws on arbitrary bytes behind a valid signature', () => {
    const signatures = [
      png(1, 1).subarray(0, 8),
      new Uint8Array([0xff, 0xd8, 0xff]),
      webpX(1, 1).subarray(0, 16),
    ]
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 300 }), (head, tail) => {
        const bytes = new Uint8Array([...head, ...tail])
        const header = readImageHeader(bytes)
        if (header) expect(header.width).toBeGreaterThan(0)
      }),
    )
  })
})

describe('checkImage', () => {
  it('refuses a decompression bomb by its declared size, before decoding', () => {
    const error = (() => {
      try {
        checkImage(png(50_000, 50_000))
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(CheckError)
    expect(error).toMatchObject({ code: 'image_too_large', retryable: false })
    expect(() => checkImage(png(13_000, 100))).toThrow(/12000 a side/)
  })

  it('accepts ordinary photos and screenshots; unreadable headers are image_unreadable', () => {
    expect(checkImage(jpeg(4032, 3024, 6)).orientation).toBe(6)
    expect(() => checkImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toThrow(
      expect.objectContaining({ code: 'image_unreadable' }),
    )
  })
})
