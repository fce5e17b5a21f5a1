import { describe, expect, it } from 'vitest'
import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { rightLayoutRows, syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import {
  applyFieldReadings,
  chooseFieldReadings,
  disputedCap,
  type FieldPassReading,
  type FieldRereading,
  fieldsToReread,
} from './image-field-rereading'

/** A VTB transfer abroad by phone number (FAMILIES.md shape), fake values; its bank prints a Latin name. */
function abroadPage(bank: string, read: { text: string; confidence: number }): OcrPage {
  const model = syntheticModel({
    width: 281.2125,
    height: 437.25,
    runs: [
      { text: 'По номеру телефона в другую страну', x: 40, y: 82, size: 10.5 },
      ...rightLayoutRows(
        [
          ['Статус', 'Выполнено'],
          ['Дата операции', '11.02.2026, 10:10'],
          ['Счет списания', '*1234'],
          ['Получатель', 'Saidov Z.'],
          ['Телефон получателя', '+996500111222'],
          ['Банк получателя', bank],
          ['Страна получателя', 'Киргизия'],
        ],
        { labelX: 24.75, valueRight: 257.07, top: 130.2, pitch: 24 },
      ),
      { text: 'Сумма операции', x: 24.75, y: 330, size: 13.5 },
      { text: '1 000 ₽', right: 257.07, y: 329.2, size: 13.5 },
      { text: 'Банк ВТБ (ПАО)', x: 24.75, y: 380 },
    ],
  })
  return runsToOcrPage(model, { rewrite: (w) => (w === bank ? read : w) })
}

function passReading(rereading: FieldRereading, text: string, confidence: number): FieldPassReading {
  const { box } = rereading
  const word: OcrWord = { text, confidence, ...box, block: 20_000, paragraph: 1, line: 1 }
  return { rereading, pass: { languages: 'eng' }, words: [word] }
}

describe('re-reading the bank of a transfer abroad', () => {
  it('asks for a bank read with Cyrillic letters to be read again by the English model', () => {
    const page = abroadPage('ABCBANK', { text: 'АВСВАМК', confidence: 0.8 })
    const first = extractImageReceipt(page)
    expect(first.fields.type).toBe('cross_border_transfer')
    expect(first.fields.bank).toBe('АВСВАМК')
    const [rereading, ...others] = fieldsToReread(page, first)
    expect(others).toEqual([])
    expect(rereading!.field).toBe('bank')
    expect(rereading!.passes).toEqual([{ languages: 'eng' }])
  })

  it('keeps the Latin reading when the engine is nearly as sure of it, capped as disputed', () => {
    const page = abroadPage('ABCBANK', { text: 'АВСВАМК', confidence: 0.8 })
    const first = extractImageReceipt(page)
    const [rereading] = fieldsToReread(page, first)
    const kept = chooseFieldReadings(
      page,
      first,
      [passReading(rereading!, 'ABCBANK', 0.78)],
      extractImageReceipt,
    )
    const result = extractImageReceipt(applyFieldReadings(page, kept))
    expect(result.fields.bank).toBe('ABCBANK')
    expect(result.fields.confidence['bank']).toBeLessThanOrEqual(disputedCap)
  })

  it('keeps the first reading of a bank printed in Cyrillic: English nonsense, or a less sure reading', () => {
    const page = abroadPage('Эталон Банк', { text: 'Эталон Банк', confidence: 0.96 })
    const first = extractImageReceipt(page)
    const [rereading] = fieldsToReread(page, first)
    expect(rereading!.field).toBe('bank')
    for (const [text, confidence] of [
      // what `eng` makes of Cyrillic lowercase: small capitals among lowercase, digits for letters
      ['3TaNOH BaHK', 0.95],
      ['BbINONHEHO', 0.95],
      ['Kupru3ua', 0.95],
      ['Etalon Bank', 0.89],
    ] as const) {
      const reading = passReading(rereading!, text, confidence)
      expect(chooseFieldReadings(page, first, [reading], extractImageReceipt)).toEqual([])
    }
  })

  it('asks nothing for a bank read in Latin', () => {
    const latin = abroadPage('ABCBANK', { text: 'ABCBANK', confidence: 0.9 })
    expect(fieldsToReread(latin, extractImageReceipt(latin))).toEqual([])
  })
})
