import { describe, expect, it } from 'vitest'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { vtbOutgoingModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import { maskedNumbersToRecount } from './image-masked-number-recount'

// A VTB outgoing SBP receipt's shape (FAMILIES.md), fake values; the recipient's account row holds the number.
function readAs(printed: string, read: Record<string, [string, number]> = {}) {
  const page = runsToOcrPage(vtbOutgoingModel({ phone: printed }), {
    rewrite: (w) => (read[w] ? { text: read[w][0], confidence: read[w][1] } : w),
  })
  return maskedNumbersToRecount(page, extractImageReceipt(page))
}

describe('maskedNumbersToRecount', () => {
  it('asks for an unsure number not shaped as a masked one, with its words and their span', () => {
    const [recount, ...others] = readAs('157227******1562', { '157227******1562': ['1572271562', 0.03] })
    expect(others).toEqual([])
    expect(recount!.words.map((w) => w.text)).toEqual(['1572271562'])
    expect(recount!.box).toMatchObject({ left: recount!.words[0]!.left, width: recount!.words[0]!.width })
  })

  it('spans every word of a number a gap split', () => {
    const [recount] = readAs('845505 ******1343', {
      '845505': ['845505***##*1', 0],
      '******1343': ['3.43', 0.5],
    })
    expect(recount!.words.map((w) => w.text)).toEqual(['845505***##*1', '3.43'])
    const right = Math.max(...recount!.words.map((w) => w.left + w.width))
    expect(recount!.box.left + recount!.box.width).toBe(right)
  })

  it('asks for a run read shakily even when shaped right (one star too few)', () => {
    const [recount] = readAs('931***7223', { '931***7223': ['931**7223', 0.24] })
    expect(recount!.words.map((w) => w.text)).toEqual(['931**7223'])
  })

  it("leaves a number read surely, and VTB's card in groups of four, alone", () => {
    expect(readAs('1572271562', { '1572271562': ['1572271562', 0.95] })).toEqual([])
    expect(readAs('157227******1562', { '157227******1562': ['157227******1562', 0.95] })).toEqual([])
    expect(readAs('5745 44** **** 7792', { '44**': ['44**', 0.6] })).toEqual([])
  })
})
