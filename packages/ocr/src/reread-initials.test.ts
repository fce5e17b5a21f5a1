import { execFileSync } from 'node:child_process'
import { extractImageReceipt } from '@rv/core'
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { preprocessImage } from './preprocess-image'
import { readImage } from './read-image'
import { rereadInitials } from './reread-initials'

// scripts/test.sh installs Tesseract (scripts/install/ocr.sh) before the tests run.
execFileSync('tesseract', ['--version'])

/** Generated receipts (fake values, @rv/generator) whose initial the mixed rus+eng model misreads. */
const cases = [
  // A Latin `D` read as `О`/`0`, sure of it at 0.92.
  { family: 'vtb', variant: 'abroad_phone', seed: 'heldout-2711d-1' },
  // A Cyrillic `Э` read as `3`.
  { family: 'vtb', variant: 'sbp_outgoing', seed: 'heldout-2711e-6' },
]

describe('rereadInitials (each initial alone, by the model of its name’s script)', () => {
  for (const { family, variant, seed } of cases) {
    it(`reads the initial of ${family}/${variant} ${seed} right where the first pass did not`, async () => {
      const { pdf, truth } = generateReceipt({ family, variant, seed })
      const image = await renderReceiptImage(pdf, 'clean', seed)
      const page = await readImage(image.bytes, { fieldRereading: false })
      const want = truth.fields.recipient_name
      expect(extractImageReceipt(page).fields.recipient_name).not.toBe(want)
      const prepared = await preprocessImage(image.bytes)
      const reread = extractImageReceipt(await rereadInitials(prepared.png, prepared, page))
      expect(reread.fields.recipient_name).toBe(want)
      // Two readings of the same pixels disagreed: the field stays below 0.9.
      expect(reread.fields.confidence.recipient_name).toBeLessThan(0.9)
    }, 120_000)
  }

  it('leaves a page whose initials the first pass read right as it was', async () => {
    const seed = 'heldout-2711d-6'
    const { pdf, truth } = generateReceipt({ family: 'vtb', variant: 'abroad_phone', seed })
    const image = await renderReceiptImage(pdf, 'clean', seed)
    const page = await readImage(image.bytes, { fieldRereading: false })
    expect(extractImageReceipt(page).fields.recipient_name).toBe(truth.fields.recipient_name)
    const prepared = await preprocessImage(image.bytes)
    expect(await rereadInitials(prepared.png, prepared, page)).toEqual(page)
  }, 120_000)

  it("leaves the words beside a name alone: a VTB salary payer's purpose (`2025 г.`, `о`)", async () => {
    const seed = 'heldout-2711e-0'
    const { pdf } = generateReceipt({ family: 'vtb', variant: 'salary', seed })
    const image = await renderReceiptImage(pdf, 'photo', seed)
    const page = await readImage(image.bytes, { initialRereading: false })
    const prepared = await preprocessImage(image.bytes)
    const reread = await rereadInitials(prepared.png, prepared, page)
    expect(extractImageReceipt(reread).fields.purpose).toBe(extractImageReceipt(page).fields.purpose)
  }, 120_000)

  it("keeps an initial only one scale misreads: Alfa's `Ю`, read `О` at 2×", async () => {
    const seed = 'heldout-2711e-8'
    const { pdf, truth } = generateReceipt({ family: 'alfa', variant: 'mobile', seed })
    const image = await renderReceiptImage(pdf, 'clean', seed)
    const page = await readImage(image.bytes, { initialRereading: false })
    expect(extractImageReceipt(page).fields.sender_name).toBe(truth.fields.sender_name)
    const prepared = await preprocessImage(image.bytes)
    const reread = await rereadInitials(prepared.png, prepared, page)
    expect(extractImageReceipt(reread).fields.sender_name).toBe(truth.fields.sender_name)
  }, 120_000)
})
