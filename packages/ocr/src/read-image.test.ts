import { execFileSync } from 'node:child_process'
import { extractImageReceipt } from '@rv/core'
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { readImage } from './read-image'
import { rereadBlock } from './reread-regions'

// scripts/test.sh installs Tesseract (scripts/install-ocr.sh) before the tests run.
const version = execFileSync('tesseract', ['--version'], { encoding: 'utf8' })

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

  it('turns undecodable bytes into image_unreadable', async () => {
    await expect(readImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2, 9, 9]))).rejects.toMatchObject({
      code: 'image_unreadable',
    })
  })
})
