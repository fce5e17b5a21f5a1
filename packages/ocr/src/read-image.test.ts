import { execFileSync } from 'node:child_process'
import { extractImageReceipt } from '@rv/core'
import {
  encodeHeic,
  generateReceipt,
  heicEncoderAvailable,
  renderReceiptImage,
  withHeifTransforms,
} from '@rv/generator'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readImage } from './read-image'
import { fieldBlock } from './reread-fields'
import { rereadBlock } from './reread-regions'

// scripts/test.sh installs Tesseract (scripts/install/ocr.sh) before the tests run.
const version = execFileSync('tesseract', ['--version'], { encoding: 'utf8' })
// heif-enc comes with it (libheif-examples); without it the HEIC readings are skipped, and say so.
const heicEncoder = await heicEncoderAvailable()
if (!heicEncoder) console.warn('HEIC readings skipped: heif-enc (libheif-examples) is not installed')

describe('readImage (sharp + Tesseract)', () => {
  it('runs Tesseract 5 with the Russian and English models', () => {
    expect(version).toMatch(/^tesseract 5\./)
    const languages = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).split('\n')
    expect(languages).toEqual(expect.arrayContaining(['rus', 'eng']))
  })

  it('reads a rendered receipt into words with boxes and confidence that the family readers understand', async () => {
    const { pdf, truth } = generateReceipt({ family: 'vtb', variant: 'vtb_client', seed: 'ocr-read-image' })
    const image = await renderReceiptImage(pdf, 'clean', 'ocr-read-image')
    const page = await readImage(image.bytes)
    expect(page.words.length).toBeGreaterThan(10)
    for (const word of page.words) {
      expect(word.confidence).toBeGreaterThanOrEqual(0)
      expect(word.confidence).toBeLessThanOrEqual(1)
      expect(word.left + word.width).toBeLessThanOrEqual(page.width)
    }
    const result = extractImageReceipt(page)
    expect(result.family).toBe(truth.family)
    expect(result.fields).toMatchObject({
      amount: truth.fields.amount,
      paid_at: truth.fields.paid_at,
      source: 'ocr',
    })
  }, 120_000)

  it('reads the light grey date row of an Ozon photo by a second reading the first pass needed', async () => {
    // Ozon prints `Перевод` and the date in #ACACAC; on this photo tesseract's global threshold drops the row.
    const { pdf, truth } = generateReceipt({
      family: 'ozon',
      variant: 'sbp_outgoing',
      seed: 'bench-images-2',
    })
    const image = await renderReceiptImage(pdf, 'photo', 'bench-images-2')
    const once = extractImageReceipt(await readImage(image.bytes, { secondReading: false }))
    expect(once.fields.paid_at).toBeNull()
    const page = await readImage(image.bytes)
    expect(page.words.some((w) => w.block >= rereadBlock)).toBe(true)
    const twice = extractImageReceipt(page)
    expect(twice.fields).toMatchObject({ paid_at: truth.fields.paid_at, amount: truth.fields.amount })
  }, 120_000)

  it.skipIf(!heicEncoder)(
    'reads a receipt photo sent as HEIC, stored sideways with irot as an iPhone stores a portrait shot',
    async () => {
      const { pdf, truth } = generateReceipt({ family: 'tbank', variant: 'sbp', seed: 'ocr-heic' })
      const photo = await renderReceiptImage(pdf, 'photo', 'ocr-heic')
      // The sensor's pixels are the picture turned 90° clockwise; irot 1 turns them back for the viewer.
      const sideways = await sharp(photo.bytes).rotate(90).png().toBuffer()
      const heic = withHeifTransforms(await encodeHeic(sideways), [{ irot: 1 }])
      const result = extractImageReceipt(await readImage(heic))
      expect(result.family).toBe(truth.family)
      expect(result.fields).toMatchObject({
        amount: truth.fields.amount,
        paid_at: truth.fields.paid_at,
        source: 'ocr',
      })
    },
    120_000,
  )

  it.skipIf(!heicEncoder)('turns a HEIC cut short into image_unreadable', async () => {
    const { pdf } = generateReceipt({ family: 'vtb', variant: 'vtb_client', seed: 'ocr-heic-cut' })
    const heic = await encodeHeic((await renderReceiptImage(pdf, 'clean', 'ocr-heic-cut')).bytes)
    await expect(readImage(heic.subarray(0, Math.floor(heic.length / 2)))).rejects.toMatchObject({
      code: 'image_unreadable',
    })
  })

  it('reads a shaky SBP id again from its own box, keeping the better reading below 0.9', async () => {
    // On this render the mixed rus+eng first pass misreads VTB's SBP id, which wraps onto a second row;
    // the pass with the id's characters only reads it.
    const { pdf, truth } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'bench-images-0' })
    const image = await renderReceiptImage(pdf, 'clean', 'bench-images-0')
    const once = extractImageReceipt(await readImage(image.bytes, { fieldRereading: false }))
    expect(once.fields.receipt_number).not.toBe(truth.fields.receipt_number)
    const page = await readImage(image.bytes)
    expect(page.words.some((w) => w.block >= fieldBlock)).toBe(true)
    const result = extractImageReceipt(page)
    expect(result.fields).toMatchObject({
      receipt_number: truth.fields.receipt_number,
      amount: truth.fields.amount,
    })
    expect(result.fields.confidence['receipt_number']).toBeLessThan(0.9)
  }, 120_000)

  it('turns undecodable bytes into image_unreadable', async () => {
    await expect(readImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2, 9, 9]))).rejects.toMatchObject({
      code: 'image_unreadable',
    })
  })
})
