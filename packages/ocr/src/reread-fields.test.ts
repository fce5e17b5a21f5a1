import { execFileSync } from 'node:child_process'
import type { FieldRereading } from '@rv/core'
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { preprocessImage } from './preprocess-image'
import { readImage } from './read-image'
import { fieldBlock, rereadFields } from './reread-fields'

// scripts/test.sh installs Tesseract (scripts/install/ocr.sh) before the tests run.
execFileSync('tesseract', ['--version'])

describe('rereadFields (crop, upscale, one line, one language)', () => {
  it('reads a name again from its own box and puts the words back on the page where they were', async () => {
    // A generated cross-border receipt whose recipient is a Latin name (fake values, @rv/generator).
    const { pdf, truth } = generateReceipt({ family: 'alfa', variant: 'abroad_phone', seed: 'ocr-reread-0' })
    const image = await renderReceiptImage(pdf, 'clean', 'ocr-reread-0')
    const page = await readImage(image.bytes, { fieldRereading: false })
    const tokens = truth.fields.recipient_name!.split(' ')
    // The surname and the words after it on its line (the first pass may misread the initial).
    const surname = page.words.find((w) => w.text === tokens[0])!
    const line = page.words.filter(
      (w) => w.block === surname.block && w.paragraph === surname.paragraph && w.line === surname.line,
    )
    const words = line.slice(line.indexOf(surname), line.indexOf(surname) + tokens.length)
    expect(words).toHaveLength(tokens.length)
    const left = Math.min(...words.map((w) => w.left))
    const top = Math.min(...words.map((w) => w.top))
    const right = Math.max(...words.map((w) => w.left + w.width))
    const bottom = Math.max(...words.map((w) => w.top + w.height))
    const rereading: FieldRereading = {
      field: 'recipient_name',
      words,
      box: { left, top, width: right - left, height: bottom - top },
      lines: 1,
      passes: [
        { languages: 'eng' },
        { languages: 'eng', whitelist: '0123456789' },
        { languages: 'eng', binarise: true },
      ],
    }
    const prepared = await preprocessImage(image.bytes)
    const [english, digitsOnly, blackAndWhite] = await rereadFields(prepared.png, prepared, [rereading])
    expect(english!.words.map((w) => w.text)).toEqual(tokens)
    for (const [i, word] of english!.words.entries()) {
      expect(word.block).toBe(fieldBlock)
      // Back in page pixels: within a few pixels of the first pass's box of the same word.
      expect(Math.abs(word.left - words[i]!.left)).toBeLessThan(4)
      expect(Math.abs(word.top - words[i]!.top)).toBeLessThan(4)
    }
    expect(blackAndWhite!.words.map((w) => w.text)).toEqual(tokens)
    // The whitelist reaches the engine: no letter comes back.
    expect(digitsOnly!.words.map((w) => w.text).join('')).not.toMatch(/\p{L}/u)
  }, 120_000)
})
