import { describe, expect, it } from 'vitest'
import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { vtbOutgoingModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import {
  applyFieldReadings,
  chooseFieldReadings,
  disputedCap,
  type FieldPassReading,
  type FieldRereading,
  fieldsToReread,
  rereadingsToBinarise,
} from './image-field-rereading'

// A VTB outgoing SBP receipt's shape (FAMILIES.md), fake values.
const vtb = (recipient: string) => vtbOutgoingModel({ recipient, amount: '1 050 ₽' })
/** Latin initials, which a picture reads worst (docs/extraction.md, names on pictures). */
const model = vtb('L. Z.')
const sureModel = vtb('Saidov Z.')

/** The page as the mixed rus+eng model read it: `L.` as a Cyrillic twin-less capital, `Z.` as a digit. */
function misread(): OcrPage {
  return runsToOcrPage(model, {
    rewrite: (w) =>
      ({ 'L.': { text: 'Г.', confidence: 0.7 }, 'Z.': { text: '3.', confidence: 0.6 } })[w] ?? w,
  })
}

/** What one pass of the re-reading returned: the given words laid over the field's box. */
function passReading(
  rereading: FieldRereading,
  languages: string,
  read: [string, number][],
): FieldPassReading {
  const { box } = rereading
  const width = box.width / read.length
  const words: OcrWord[] = read.map(([text, confidence], i) => ({
    text,
    confidence,
    left: box.left + i * width,
    top: box.top,
    width: width * 0.8,
    height: box.height,
    block: 20_000,
    paragraph: 1,
    line: 1,
  }))
  return { rereading, pass: { languages }, words }
}

describe('fieldsToReread', () => {
  it('asks for the shaky name only, by each language, with the words it was read from', () => {
    const page = misread()
    const first = extractImageReceipt(page)
    expect(first.fields.recipient_name).not.toBe('L. Z.')
    const [rereading, ...others] = fieldsToReread(page, first)
    expect(others).toEqual([])
    expect(rereading!.field).toBe('recipient_name')
    expect(rereading!.words.map((w) => w.text)).toEqual(['Г.', '3.'])
    expect(rereading!.passes.map((p) => p.languages)).toEqual(['eng', 'rus'])
  })

  it('asks for nothing when every name and id was read surely', () => {
    const page = runsToOcrPage(sureModel)
    expect(fieldsToReread(page, extractImageReceipt(page))).toEqual([])
  })

  it('asks for an SBP id read below 0.9, with the id characters only', () => {
    const page = runsToOcrPage(sureModel, {
      rewrite: (w) => (w === 'B6042071012K4Q27000007001' ? { text: w, confidence: 0.8 } : w),
    })
    const [rereading] = fieldsToReread(page, extractImageReceipt(page))
    expect(rereading!.field).toBe('receipt_number')
    expect(rereading!.lines).toBe(2)
    expect(rereading!.passes).toEqual([{ languages: 'eng', whitelist: expect.stringMatching(/^[0-9A-Z]+$/) }])
  })
})

describe('chooseFieldReadings', () => {
  const page = misread()
  const first = extractImageReceipt(page)
  const [rereading] = fieldsToReread(page, first)

  it('keeps the well-formed reading the engine was surest of, below 0.9 since it contradicts the first', () => {
    const english = passReading(rereading!, 'eng', [
      ['L.', 0.88],
      ['Z.', 0.86],
    ])
    const russian = passReading(rereading!, 'rus', [
      ['Г.', 0.9],
      [').', 0.2],
    ])
    const kept = chooseFieldReadings(page, first, [english, russian], extractImageReceipt)
    expect(kept.map((k) => k.pass.languages)).toEqual(['eng'])
    expect(kept[0]!.words.map((w) => w.confidence)).toEqual([disputedCap, disputedCap])
    const result = extractImageReceipt(applyFieldReadings(page, kept))
    expect(result.fields.recipient_name).toBe('L. Z.')
    expect(result.fields.confidence['recipient_name']).toBeLessThanOrEqual(disputedCap)
    expect(result.fields.amount).toBe(first.fields.amount)
  })

  it('keeps no reading that is malformed', () => {
    const malformed = passReading(rereading!, 'eng', [
      ['L.', 0.95],
      ['2,', 0.95],
    ])
    expect(chooseFieldReadings(page, first, [malformed], extractImageReceipt)).toEqual([])
  })

  it('keeps a well-formed reading the engine was unsure of over a malformed first, with its confidence', () => {
    // The first reading, `Г. 3.`, bears a digit initial: certainly not what was printed.
    const unsure = passReading(rereading!, 'rus', [
      ['Л.', 0.3],
      ['З.', 0.3],
    ])
    const kept = chooseFieldReadings(page, first, [unsure], extractImageReceipt)
    expect(kept.map((k) => k.pass.languages)).toEqual(['rus'])
    const result = extractImageReceipt(applyFieldReadings(page, kept))
    expect(result.fields.confidence['recipient_name']).toBeLessThanOrEqual(0.3)
  })

  it('keeps the first reading when it is well formed and surer than the re-reading', () => {
    const surePage = runsToOcrPage(sureModel, {
      rewrite: (w) => (w === 'Z.' ? { text: 'Z.', confidence: 0.8 } : w),
    })
    const sure = extractImageReceipt(surePage)
    const [again] = fieldsToReread(surePage, sure)
    expect(again!.field).toBe('recipient_name')
    const worse = passReading(again!, 'eng', [
      ['Saidav', 0.6],
      ['Z.', 0.6],
    ])
    expect(chooseFieldReadings(surePage, sure, [worse], extractImageReceipt)).toEqual([])
    // Nor by a reading under 0.5, however much surer than the first.
    const unsure = passReading(again!, 'eng', [
      ['Saidav', 0.45],
      ['Z.', 0.9],
    ])
    const unsureFirst = runsToOcrPage(sureModel, {
      rewrite: (w) => (w === 'Z.' ? { text: 'Z.', confidence: 0.2 } : w),
    })
    const shaky = extractImageReceipt(unsureFirst)
    const [shakyRereading] = fieldsToReread(unsureFirst, shaky)
    expect(
      chooseFieldReadings(
        unsureFirst,
        shaky,
        [{ ...unsure, rereading: shakyRereading! }],
        extractImageReceipt,
      ),
    ).toEqual([])
  })
})

describe('chooseFieldReadings over a malformed masked name', () => {
  // A masked Cyrillic name (fake), its last letter read as a digit: certainly not what was printed.
  const masked = vtb('Сил****в О. Д.')
  const page = runsToOcrPage(masked, {
    rewrite: (w) => (w === 'Сил****в' ? { text: 'Cun****8', confidence: 0.3 } : w),
  })
  const first = extractImageReceipt(page)
  const [rereading] = fieldsToReread(page, first)

  it('keeps an unsure reading with the same words in the same roles, not one that lost the mask', () => {
    expect(first.fields.recipient_name).toMatch(/^Cun\*{4}8 /)
    const lostMask = passReading(rereading!, 'eng', [
      ['CUNB', 0.4],
      ['O.', 0.9],
      ['D.', 0.9],
    ])
    const lookAlike = passReading(rereading!, 'eng', [
      ['Cun****B', 0.45],
      ['O.', 0.9],
      ['D.', 0.9],
    ])
    expect(chooseFieldReadings(page, first, [lostMask, lookAlike], extractImageReceipt)).toEqual([])
    const russian = passReading(rereading!, 'rus', [
      ['Сил***жв', 0.3],
      ['О.', 0.9],
      ['Д.', 0.9],
    ])
    const kept = chooseFieldReadings(page, first, [lostMask, lookAlike, russian], extractImageReceipt)
    expect(kept.map((k) => k.pass.languages)).toEqual(['rus'])
  })
})

describe('a masked name read in Latin on a transfer within Russia', () => {
  // A masked Cyrillic name (fake) that the mixed model read as Latin look-alikes, surely and well formed.
  const masked = vtb('Пол****а М. А.')
  const page = runsToOcrPage(masked, {
    rewrite: (w) => (w === 'Пол****а' ? { text: 'Non****a', confidence: 0.9 } : w),
  })
  const first = extractImageReceipt(page)
  const [rereading] = fieldsToReread(page, first)
  const english = () =>
    passReading(rereading!, 'eng', [
      ['Nop****a', 0.95],
      ['M.', 0.95],
      ['A.', 0.95],
    ])
  const russian = () =>
    passReading(rereading!, 'rus', [
      ['Пол****а', 0.4],
      ['М.', 0.9],
      ['А.', 0.9],
    ])

  it('is read again, and the Cyrillic reading of the same shape is kept over surer Latin ones', () => {
    expect(first.fields.type).toBe('client_transfer')
    expect(first.fields.recipient_name).toBe('Non****a M. A.')
    expect(rereading?.field).toBe('recipient_name')
    const kept = chooseFieldReadings(page, first, [english(), russian()], extractImageReceipt)
    expect(kept.map((k) => k.pass.languages)).toEqual(['rus'])
    expect(extractImageReceipt(applyFieldReadings(page, kept)).fields.recipient_name).toBe('Пол****а М. А.')
  })

  it('stays as read when no Cyrillic reading came back', () => {
    expect(chooseFieldReadings(page, first, [english()], extractImageReceipt)).toEqual([])
  })

  it('is left to the engine on a transfer abroad, whose names are Latin', () => {
    const abroad = { ...first, fields: { ...first.fields, type: 'cross_border_transfer' as const } }
    const kept = chooseFieldReadings(page, abroad, [english(), russian()], extractImageReceipt)
    expect(kept.map((k) => k.pass.languages)).toEqual(['eng'])
  })
})

describe('a well-formed Cyrillic name on a transfer within Russia', () => {
  // The first pass read it right but unsure; the English model read the Cyrillic as Latin look-alikes, surer.
  const page = runsToOcrPage(vtb('Михаил О.'), {
    rewrite: (w) => (w === 'О.' ? { text: w, confidence: 0.7 } : w),
  })
  const first = extractImageReceipt(page)
  const [rereading] = fieldsToReread(page, first)
  const english = () =>
    passReading(rereading!, 'eng', [
      ['Muxann', 0.79],
      ['O.', 0.9],
    ])
  const russian = () =>
    passReading(rereading!, 'rus', [
      ['Михаил', 0.96],
      ['О.', 0.57],
    ])

  it('is never put into Latin by a surer English reading', () => {
    expect(first.fields.recipient_name).toBe('Михаил О.')
    expect(chooseFieldReadings(page, first, [english(), russian()], extractImageReceipt)).toEqual([])
  })

  it('is left to the engine on a transfer abroad', () => {
    const abroad = { ...first, fields: { ...first.fields, type: 'cross_border_transfer' as const } }
    const kept = chooseFieldReadings(page, abroad, [english(), russian()], extractImageReceipt)
    expect(kept.map((k) => k.pass.languages)).toEqual(['eng'])
  })
})

describe('a re-reading that repeats the first name', () => {
  const read = (name: string, confidence: number) => {
    const page = runsToOcrPage(vtb(name), {
      rewrite: (w) => (name.split(' ').includes(w) ? { text: w, confidence } : w),
    })
    const first = extractImageReceipt(page)
    return { page, first, rereading: fieldsToReread(page, first)[0]! }
  }

  it('vouches for it when a long word decides its script: a surer reading in the other script loses', () => {
    const { page, first, rereading } = read('Yusupov T.', 0.89)
    const english = passReading(rereading, 'eng', [
      ['Yusupov', 0.92],
      ['T.', 0.95],
    ])
    const russian = passReading(rereading, 'rus', [
      ['Уизиром', 0.91],
      ['Т.', 0.95],
    ])
    expect(chooseFieldReadings(page, first, [english, russian], extractImageReceipt)).toEqual([])
    // Without the agreeing reading, the surer Cyrillic one replaces the first.
    expect(
      chooseFieldReadings(page, first, [russian], extractImageReceipt).map((k) => k.pass.languages),
    ).toEqual(['rus'])
  })

  it('does not vouch for initials alone, whose script the models misjudge alike', () => {
    // Latin initials the mixed model read as Cyrillic ones, and the Russian model the same: `eng` is right.
    // As on the real Alfa receipt, a transfer abroad (within Russia names are Cyrillic: `latinOverCyrillic`).
    const page = runsToOcrPage(vtb('Z. L.'), {
      rewrite: (w) =>
        ({ 'Z.': { text: 'З.', confidence: 0.8 }, 'L.': { text: 'Л.', confidence: 0.8 } })[w] ?? w,
    })
    const read = extractImageReceipt(page)
    const first = { ...read, fields: { ...read.fields, type: 'cross_border_transfer' as const } }
    const rereading = fieldsToReread(page, first)[0]!
    const russian = passReading(rereading, 'rus', [
      ['З.', 0.92],
      ['Л.', 0.92],
    ])
    const english = passReading(rereading, 'eng', [
      ['Z.', 0.9],
      ['L.', 0.9],
    ])
    expect(first.fields.recipient_name).toBe('З. Л.')
    const kept = chooseFieldReadings(page, first, [russian, english], extractImageReceipt)
    expect(kept.map((k) => k.pass.languages)).toEqual(['eng'])
  })
})

describe('rereadingsToBinarise', () => {
  const page = misread()
  const first = extractImageReceipt(page)
  const [rereading] = fieldsToReread(page, first)

  it('asks for black-and-white passes for a name the grey passes left unsettled, and only then', () => {
    const unsure = passReading(rereading!, 'eng', [
      ['L.', 0.55],
      ['Z.', 0.4],
    ])
    const [again, ...others] = rereadingsToBinarise(page, first, [unsure], extractImageReceipt)
    expect(others).toEqual([])
    expect(again!.field).toBe('recipient_name')
    expect(again!.passes.every((p) => p.binarise)).toBe(true)
    expect(again!.passes.map((p) => p.languages)).toEqual(['eng', 'rus'])
    const settled = passReading(rereading!, 'eng', [
      ['L.', 0.88],
      ['Z.', 0.86],
    ])
    expect(rereadingsToBinarise(page, first, [settled], extractImageReceipt)).toEqual([])
  })
})
