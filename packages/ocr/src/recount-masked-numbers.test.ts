import { execFileSync } from 'node:child_process'
import { extractImageReceipt } from '@rv/core'
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { preprocessImage } from './preprocess-image'
import { grayPixels, readImage } from './read-image'
import { recountMaskedNumbers } from './recount-masked-numbers'

// scripts/test.sh installs Tesseract (scripts/install/ocr.sh) before the tests run.
execFileSync('tesseract', ['--version'])

/** Generated Alfa receipts (fake values, @rv/generator) whose masked number OCR read without its stars. */
const cases = [
  // A card's run of six `*` dropped whole: `1572271562`.
  { variant: 'card_to_card', seed: 'heldout-2711d-0' },
  // An account's `***` with one star read as a digit: `95145827`.
  { variant: 'alfa_client', seed: 'heldout-2711d-5' },
]

describe('recountMaskedNumbers (the run of `*` counted from the pixels)', () => {
  for (const { variant, seed } of cases) {
    it(`rebuilds alfa/${variant} ${seed}'s number where OCR lost its stars`, async () => {
      const { pdf, truth } = generateReceipt({ family: 'alfa', variant, seed })
      const image = await renderReceiptImage(pdf, 'clean', seed)
      const page = await readImage(image.bytes, { fieldRereading: false })
      const want = truth.fields.recipient_account
      expect(extractImageReceipt(page).fields.recipient_account).not.toBe(want)
      const prepared = await preprocessImage(image.bytes)
      const gray = grayPixels(prepared.png)
      const recounted = extractImageReceipt(await recountMaskedNumbers(page, () => gray))
      expect(recounted.fields.recipient_account).toBe(want)
      expect(recounted.fields.confidence.recipient_account).toBeLessThan(0.9)
    }, 120_000)
  }
})
