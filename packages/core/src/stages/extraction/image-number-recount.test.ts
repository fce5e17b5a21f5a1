import { describe, expect, it } from 'vitest'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { vtbOutgoingModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import { numbersToRecount } from './image-number-recount'

const model = vtbOutgoingModel()

describe('numbersToRecount', () => {
  it('leaves an amount read surely alone', () => {
    const page = runsToOcrPage(model)
    const result = extractImageReceipt(page)
    expect(result.fields.amount).toBe(160)
    expect(result.fields.confidence['amount']).toBeGreaterThanOrEqual(0.9)
    expect(numbersToRecount(page, result)).toEqual([])
  })

  it('looks one advance left of a shaky amount word and stops where the next word begins', () => {
    const page = runsToOcrPage(model, {
      rewrite: (w) => (w === '160' ? { text: '60', confidence: 0.78 } : w),
    })
    const recounts = numbersToRecount(page, extractImageReceipt(page))
    expect(recounts.map((r) => r.word.text)).toEqual(['60', '₽'])
    const { word, box } = recounts[0]!
    expect(box.left).toBeCloseTo(word.left - 0.8 * word.height)
    const sign = page.words.find((w) => w.text === '₽')!
    expect(box.left + box.width).toBe(Math.min(word.left + word.width, sign.left))
  })

  it('never reaches into the word before it on the row (a thousands group read apart)', () => {
    const page = runsToOcrPage(model, {
      rewrite: (w) => (w === '160' ? { text: '60', confidence: 0.78 } : w),
    })
    const sixty = page.words.find((w) => w.text === '60')!
    // A `1` read as a word of its own just before `60`, as `1 060` would be.
    const one = { ...sixty, text: '1', left: sixty.left - 20, width: 8 }
    const recounts = numbersToRecount({ ...page, words: [...page.words, one] }, extractImageReceipt(page))
    const box = recounts.find((r) => r.word === sixty)!.box
    expect(box.left).toBe(one.left + one.width)
  })
})
