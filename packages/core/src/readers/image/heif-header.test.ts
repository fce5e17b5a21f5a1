import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { heifHeader } from '../../testing/image/heif-header'
import { CheckError } from '../../vocabulary/error-codes'
import { heifSize, isHeic } from './heif-header'
import { readImageHeader, sniffImageFormat } from './image-header'
import { checkImage } from './image-limits'

const orientationOf = (transforms: ({ irot: number } | { imir: number })[]) =>
  heifSize(heifHeader({ width: 40, height: 30, transforms }))?.orientation

describe('HEIC header', () => {
  it('reads the primary item size from ispe, without a coded picture', () => {
    const bytes = heifHeader({ width: 4032, height: 3024 })
    expect(sniffImageFormat(bytes)).toBe('heic')
    expect(readImageHeader(bytes)).toEqual({ format: 'heic', width: 4032, height: 3024, orientation: 1 })
  })

  it("takes an iPhone grid's size from the grid item's ispe, not its 512 × 512 tiles'", () => {
    const grid = heifHeader({ width: 4032, height: 3024, tiles: 48, transforms: [{ irot: 3 }] })
    expect(readImageHeader(grid)).toEqual({ format: 'heic', width: 4032, height: 3024, orientation: 6 })
    expect(() => checkImage(heifHeader({ width: 60_000, height: 60_000, tiles: 4 }))).toThrow(
      expect.objectContaining({ code: 'image_too_large' }),
    )
  })

  it('is decided by the item coding: HEVC under any HEIF brand is HEIC, AV1 (AVIF) is not', () => {
    const av1 = (brands: string[]) => heifHeader({ width: 8, height: 8, brands, itemType: 'av01' })
    const hevc = (brands: string[]) => heifHeader({ width: 8, height: 8, brands })
    expect(isHeic(hevc(['mif1', 'heic']))).toBe(true)
    expect(isHeic(hevc(['mif1', 'miaf']))).toBe(true)
    expect(isHeic(av1(['avif', 'mif1']))).toBe(false)
    expect(isHeic(av1(['heic', 'mif1']))).toBe(false)
    expect(sniffImageFormat(av1(['avif']))).toBeNull()
    // An MP4 video shares the container, not the brands.
    expect(isHeic(hevc(['isom', 'mp42']))).toBe(false)
  })

  it('keeps a HEVC-branded file whose meta is cut as a HEIC, but an unreadable one', () => {
    const whole = heifHeader({ width: 800, height: 600 })
    const cut = whole.subarray(0, whole.length - 10)
    expect(sniffImageFormat(cut)).toBe('heic')
    expect(readImageHeader(cut)).toBeNull()
    expect(() => checkImage(cut)).toThrow(expect.objectContaining({ code: 'image_unreadable' }))
    // With only the generic brand, nothing says HEVC: not an image this reads.
    const generic = heifHeader({ width: 800, height: 600, brands: ['mif1'] })
    expect(sniffImageFormat(generic.subarray(0, generic.length - 10))).toBeNull()
  })

  it('turns irot/imir, in association order, into the equivalent EXIF orientation', () => {
    expect(orientationOf([])).toBe(1)
    expect(orientationOf([{ irot: 1 }])).toBe(8) // 90° anticlockwise
    expect(orientationOf([{ irot: 2 }])).toBe(3)
    expect(orientationOf([{ irot: 3 }])).toBe(6) // 90° clockwise, the usual portrait phone photo
    expect(orientationOf([{ imir: 1 }])).toBe(2) // left and right exchanged
    expect(orientationOf([{ imir: 0 }])).toBe(4) // top and bottom exchanged
    expect(orientationOf([{ irot: 1 }, { imir: 1 }])).toBe(7)
    expect(orientationOf([{ imir: 1 }, { irot: 1 }])).toBe(5)
    expect(orientationOf([{ irot: 2 }, { imir: 0 }])).toBe(2)
  })

  it('refuses a HEIC decompression bomb by its declared ispe, before decoding', () => {
    for (const [width, height] of [
      [100_000, 100_000],
      [12_001, 100],
      [8000, 6000],
    ] as const) {
      const bomb = heifHeader({ width, height })
      expect(() => checkImage(bomb)).toThrow(CheckError)
      expect(() => checkImage(bomb)).toThrow(expect.objectContaining({ code: 'image_too_large' }))
    }
    expect(checkImage(heifHeader({ width: 4032, height: 3024 }))).toMatchObject({ format: 'heic' })
    expect(() => checkImage(heifHeader({ width: 0, height: 3024 }))).toThrow(
      expect.objectContaining({ code: 'image_unreadable' }),
    )
  })

  it('never throws on arbitrary or damaged bytes after a HEIC ftyp', () => {
    const whole = heifHeader({ width: 640, height: 480, transforms: [{ irot: 1 }] })
    fc.assert(
      fc.property(
        fc.nat({ max: whole.length }),
        fc.uint8Array({ maxLength: 200 }),
        fc.nat({ max: whole.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        (cut, tail, at, value) => {
          const damaged = Uint8Array.from(whole)
          damaged[at] = value
          for (const bytes of [new Uint8Array([...whole.subarray(0, cut), ...tail]), damaged]) {
            const header = readImageHeader(bytes)
            if (header) expect(header.format).toBe('heic')
          }
        },
      ),
    )
  })
})
