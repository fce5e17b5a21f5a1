import { describe, expect, it } from 'vitest'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { ozonPage, ozonRuns } from '../../testing/extraction/ozon-runs'
import { syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import { fieldsLeftUnread, secondReadingHelps } from './image-second-reading'

// An Ozon picture; `withDate: false` is the one whose grey `Перевод` + date row the first OCR pass dropped.
function ozon(withDate: boolean) {
  return extractImageReceipt(runsToOcrPage(syntheticModel({ ...ozonPage, runs: ozonRuns({ withDate }) })))
}

describe('fieldsLeftUnread', () => {
  it('names the always-printed field a picture lost, and nothing when every field was read', () => {
    const lost = ozon(false)
    expect(lost.family).toBe('ozon/sbp_outgoing')
    expect(fieldsLeftUnread(lost)).toEqual(['paid_at'])
    expect(fieldsLeftUnread(ozon(true))).toEqual([])
  })

  it('asks for a second reading of a picture no family recognises', () => {
    const unknown = extractImageReceipt({ width: 100, height: 100, words: [] })
    expect(fieldsLeftUnread(unknown)).toEqual(['family'])
  })
})

describe('secondReadingHelps', () => {
  it('keeps a second reading that reads a lost field and loses nothing, never the reverse', () => {
    const first = ozon(false)
    const second = ozon(true)
    expect(secondReadingHelps(first, second)).toBe(true)
    expect(secondReadingHelps(second, first)).toBe(false)
    expect(secondReadingHelps(first, first)).toBe(false)
  })

  it('refuses a second reading that changes the family', () => {
    const first = ozon(false)
    expect(secondReadingHelps(first, { ...ozon(true), family: 'vtb/sbp_outgoing' })).toBe(false)
  })
})
