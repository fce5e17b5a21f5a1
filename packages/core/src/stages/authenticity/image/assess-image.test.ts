import type { ReceiptFields } from '@rv/schemas'
import jpegJs from 'jpeg-js'
import { describe, expect, it } from 'vitest'
import { heifHeader } from '../../../testing/image/heif-header'
import { jpeg, png, tiff, webp } from '../../../testing/image/image-bytes'
import { emptyFields } from '../../../vocabulary/empty-blocks'
import { assessImageAuthenticity, isImageAssessment } from './assess-image'
import { estimateJpegQuality, sbpIdTimeCheck } from './image-checks'
import { readImageMetadata } from './image-metadata'

const SOFTWARE = 0x0131
const MAKE = 0x010f
const DATETIME = 0x0132
const ORIGINAL = 0x9003

function extraction(fields: Partial<ReceiptFields> = {}, facts: Record<string, string | number | null> = {}) {
  return { family: 'vtb/sbp_outgoing', fields: { ...emptyFields(), ...fields }, facts }
}

function realJpeg(quality: number): Uint8Array {
  const width = 16
  const height = 16
  const data = Buffer.alloc(width * height * 4, 200)
  return Uint8Array.from(jpegJs.encode({ data, width, height }, quality).data)
}

describe('readImageMetadata', () => {
  it('reads EXIF Software, Make and both dates from a JPEG, and its quantisation tables', () => {
    const exif = tiff(
      {
        [MAKE]: 'Pixelphone',
        [SOFTWARE]: 'Adobe Photoshop 25.0 (Windows)',
        [DATETIME]: '2026:02:11 10:20:00',
      },
      {
        [ORIGINAL]: '2026:02:11 10:10:12',
      },
    )
    const meta = readImageMetadata(jpeg({ exif, tables: [{ id: 0, values: Array(64).fill(1) }] }))
    expect(meta).toMatchObject({
      container: 'jpeg',
      software: ['Adobe Photoshop 25.0 (Windows)'],
      make: 'Pixelphone',
      modifiedAt: '2026:02:11 10:20:00',
      capturedAt: '2026:02:11 10:10:12',
      trailingBytes: 0,
    })
    expect(meta.quantTables).toEqual([{ id: 0, values: Array(64).fill(1) }])
  })

  it('reads XMP CreatorTool and history agents (JPEG and WebP), PNG Software text and bytes after IEND', () => {
    const xmp =
      '<x:xmpmeta><rdf:Description xmp:CreatorTool="Canva"/><stEvt:softwareAgent>Snapseed 2.0</stEvt:softwareAgent></x:xmpmeta>'
    expect(readImageMetadata(jpeg({ xmp })).software).toEqual(['Canva', 'Snapseed 2.0'])
    expect(readImageMetadata(webp({ xmp })).software).toEqual(['Canva', 'Snapseed 2.0'])
    const meta = readImageMetadata(png({ text: { Software: 'GIMP 2.10' }, trailing: 5 }))
    expect(meta).toMatchObject({ container: 'png', software: ['GIMP 2.10'], trailingBytes: 5 })
  })

  it('reads a HEIC Exif item located by iloc, and bytes after its last box', () => {
    const exif = tiff({ [MAKE]: 'Apple', [SOFTWARE]: 'Adobe Photoshop 25.0 (Windows)' })
    const heic = heifHeader({ width: 4032, height: 3024, exif, trailing: new Uint8Array(7) })
    expect(readImageMetadata(heic)).toMatchObject({
      container: 'heic',
      make: 'Apple',
      software: ['Adobe Photoshop 25.0 (Windows)'],
      trailingBytes: 7,
    })
    expect(readImageMetadata(heifHeader({ width: 40, height: 30 }))).toMatchObject({
      container: 'heic',
      software: [],
      trailingBytes: 0,
    })
    for (let n = 0; n < heic.length; n += 5)
      expect(() => readImageMetadata(heic.subarray(0, n))).not.toThrow()
    for (let at = 0; at < heic.length; at++) {
      const damaged = Uint8Array.from(heic)
      damaged[at] = 0xff - damaged[at]!
      expect(() => readImageMetadata(damaged)).not.toThrow()
    }
  })

  it('finds the end of a real JPEG (jpeg-js) past its entropy-coded data', () => {
    const meta = readImageMetadata(realJpeg(80))
    expect(meta.container).toBe('jpeg')
    expect(meta.trailingBytes).toBe(0)
    expect(meta.quantTables.map((t) => t.id)).toEqual([0, 1])
  })

  it('never throws on truncated or foreign bytes', () => {
    const full = jpeg({ exif: tiff({ [SOFTWARE]: 'GIMP' }), tables: [{ id: 0, values: Array(64).fill(2) }] })
    for (let n = 0; n < full.length; n += 3)
      expect(() => readImageMetadata(full.subarray(0, n))).not.toThrow()
    expect(readImageMetadata(new TextEncoder().encode('%PDF-1.7')).container).toBe('other')
  })
})

describe('estimateJpegQuality', () => {
  it.each([50, 75, 90])('recovers the IJG quality %i of a real encoder', (q) => {
    const luma = readImageMetadata(realJpeg(q)).quantTables.find((t) => t.id === 0)!.values
    expect(estimateJpegQuality(luma)).toEqual({ quality: q, exact: true })
  })
})

describe('assessImageAuthenticity', () => {
  it('a clean picture earns unknown, never genuine, and is marked as a picture', () => {
    const a = assessImageAuthenticity(png({ text: { Software: 'Android' } }), extraction())
    expect(a.verdict).toBe('unknown')
    expect(isImageAssessment(a)).toBe(true)
    expect(a.checks.map((c) => [c.name, c.passed])).toEqual([
      ['image.source_unverifiable', false],
      ['image.editing_software', true],
      ['image.trailing_data', true],
    ])
  })

  it('editing software in the metadata makes it suspicious (soft)', () => {
    const a = assessImageAuthenticity(jpeg({ photoshop: true }), extraction())
    expect(a.verdict).toBe('suspicious')
    expect(a.checks.find((c) => c.name === 'image.editing_software')).toMatchObject({
      passed: false,
      hard: false,
    })
  })

  it('a JPEG saved again long after capture, or with a redefined quantisation table, is suspicious', () => {
    const resaved = tiff(
      { [MAKE]: 'Pixelphone', [DATETIME]: '2026:02:11 12:00:00' },
      { [ORIGINAL]: '2026:02:11 10:10:12' },
    )
    expect(assessImageAuthenticity(jpeg({ exif: resaved }), extraction()).verdict).toBe('suspicious')
    const tables = [
      { id: 0, values: Array(64).fill(3) },
      { id: 0, values: Array(64).fill(9) },
    ]
    const a = assessImageAuthenticity(jpeg({ tables }), extraction())
    expect(a.checks.find((c) => c.name === 'image.jpeg_quantisation')?.passed).toBe(false)
  })

  it('data after the picture counts, except a camera JPEG trailer', () => {
    expect(assessImageAuthenticity(png({ trailing: 10 }), extraction()).verdict).toBe('suspicious')
    const camera = jpeg({ exif: tiff({ [MAKE]: 'Pixelphone' }), trailing: 10 })
    expect(assessImageAuthenticity(camera, extraction()).verdict).toBe('unknown')
  })

  // A made-up SBP id: A, year digit 6, day 042, 07:10:12 UTC = 10:10:12 Moscow on 11.02.2026.
  const id = 'A60420710120000000000000000ABCDE'

  it('the SBP id time against the printed time: agreeing passes, a retyped time is forged (hard)', () => {
    const agree = assessImageAuthenticity(
      png({}),
      extraction({}, { sbp_id: id, printed_time_msk: '2026-02-11T10:10:12' }),
    )
    expect(agree.checks.find((c) => c.name === 'image.sbp_id_time')).toMatchObject({
      passed: true,
      hard: true,
    })
    expect(agree.verdict).toBe('unknown')
    const retyped = assessImageAuthenticity(
      png({}),
      extraction({}, { sbp_id: id, printed_time_msk: '2026-02-11T11:10:12' }),
    )
    expect(retyped.verdict).toBe('forged')
  })

  it('a time only a model read is compared softly', () => {
    const check = sbpIdTimeCheck(
      'unknown',
      { receipt_number: id, paid_at: '2026-02-11T09:00:00Z', paid_at_source: 'model' },
      {},
    )
    expect(check).toMatchObject({ name: 'image.sbp_id_time', hard: false, passed: false })
    expect(
      sbpIdTimeCheck('unknown', { receipt_number: 'R1', paid_at: null, paid_at_source: null }, {}),
    ).toBeNull()
  })

  it('does not run the layout-proportion check on pictures (crops and margins move it)', () => {
    const moved = { page_width: 750, page_height: 1200, 'label.amount.x': 140 }
    const a = assessImageAuthenticity(png({}), extraction({}, moved))
    expect(a.verdict).toBe('unknown')
    expect(a.checks.some((c) => c.name === 'image.layout_proportions')).toBe(false)
  })
})
