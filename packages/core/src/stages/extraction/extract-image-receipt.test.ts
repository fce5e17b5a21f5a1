import { describe, expect, it } from 'vitest'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { rightLayoutRows, syntheticModel, vtbOutgoingModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import { extractReceipt } from './extract-receipt'

// A VTB outgoing SBP receipt's shape (FAMILIES.md), fake values.
const body = rightLayoutRows(
  [
    ['Статус', 'Выполнено'],
    ['Дата операции', '11.02.2026, 10:10'],
    ['Счет списания', '*1234'],
    ['Имя плательщика', 'Пётр Сергеевич Л.'],
    ['Получатель', 'Софья Олеговна Т.'],
    ['Телефон получателя', '+7 (900) 123-45-67'],
    ['Банк получателя', 'Сбербанк'],
    ['ID операции в СБП', 'B6042071012K4Q27000007001', '7001011'],
  ],
  { labelX: 24.75, valueRight: 257.07, top: 130.2, pitch: 24 },
)
const model = syntheticModel({
  width: 281.2125,
  height: 437.25,
  runs: [
    { text: 'Исходящий перевод СБП', x: 70, y: 82, size: 10.5 },
    { text: 'Софья Олеговна Т.', x: 70, y: 100, size: 10.5 },
    ...body,
    { text: 'Сумма операции', x: 24.75, y: 350, size: 13.5 },
    { text: '1 050 ₽', right: 257.07, y: 349.2, size: 13.5 },
    { text: 'Банк ВТБ (ПАО)', x: 108, y: 390 },
    { text: 'Операция выполнена', x: 97.5, y: 399.4 },
  ],
})
const fromPdf = extractReceipt(model)

describe('extractImageReceipt', () => {
  it('reads from OCR words what the PDF path reads from the runs, at any resolution', () => {
    for (const pxPerPt of [1.5, 2.08, 4]) {
      const result = extractImageReceipt(runsToOcrPage(model, { pxPerPt }))
      expect(result.family).toBe('vtb/sbp_outgoing')
      expect({ ...result.fields, confidence: {} }).toEqual({
        ...fromPdf.fields,
        source: 'ocr',
        confidence: {},
      })
    }
  })

  it('survives the usual misreadings: ruble sign as P, a label letter, Cyrillic capitals in the SBP id', () => {
    const page = runsToOcrPage(model, {
      rewrite: (w) =>
        ({ '₽': 'Р', СБП: 'CBN', B6042071012K4Q27000007001: 'В6042071012К4Q27000007001' })[w] ?? w,
    })
    const result = extractImageReceipt(page)
    expect(result.fields).toMatchObject({
      amount: 1050,
      currency: 'RUB',
      receipt_number: 'B6042071012K4Q270000070017001011',
      paid_at_source: 'receipt_number',
    })
  })

  it('repairs the SBP id from its format, and is not sure of an id whose time disagrees with the printed one', () => {
    const misread = (id: string) =>
      extractImageReceipt(
        runsToOcrPage(model, { rewrite: (w) => (w === 'B6042071012K4Q27000007001' ? id : w) }),
      )
    const repaired = misread('B6O42O71O12K4Q27OOOOO7OOl')
    expect(repaired.fields).toMatchObject({
      receipt_number: 'B6042071012K4Q270000070017001011',
      paid_at_source: 'receipt_number',
    })
    expect(repaired.fields.confidence['receipt_number']).toBeGreaterThanOrEqual(0.9)
    // 07:10 UTC read as 08:10: a valid id, but not this receipt's time.
    const wrongHour = misread('B6042081012K4Q27000007001')
    expect(wrongHour.fields.receipt_number).toBe('B6042081012K4Q270000070017001011')
    expect(wrongHour.fields.confidence['receipt_number']).toBeLessThan(0.9)
    // Position 16 read as 0: the letter O is the guess, below 0.9.
    const guessed = misread('B6042071012K4Q20000007001')
    expect(guessed.fields.receipt_number).toBe('B6042071012K4Q2O0000070017001011')
    expect(guessed.fields.confidence['receipt_number']).toBeLessThan(0.9)
  })

  it('takes the SBP id from its first rows when specks read below them are no part of it', () => {
    const specks = syntheticModel({
      width: 281.2125,
      height: 437.25,
      runs: [
        ...model.runs.map((r) => ({ text: r.text, x: r.x, y: r.y, size: r.fontSize })),
        // A photo's shadow read as letters under the id's second row, before the amount's row.
        { text: 'a', x: 96, y: 321, size: 10.5 },
        { text: 'aed', right: 247, y: 322, size: 10.5 },
      ],
    })
    const page = runsToOcrPage(specks)
    const result = extractImageReceipt(page)
    expect(result.fields.receipt_number).toBe('B6042071012K4Q270000070017001011')
    expect(result.fields.confidence['receipt_number']).toBeGreaterThanOrEqual(0.9)
    expect(result.fields.paid_at_source).toBe('receipt_number')
  })

  it('is not sure of a name whose letters all have twins in the other script', () => {
    const page = runsToOcrPage(model, { rewrite: (w) => ({ Софья: 'Е.', Олеговна: 'С.' })[w] ?? w })
    const { fields } = extractImageReceipt(page)
    expect(fields.recipient_name).toBe('Е. С. Т.')
    expect(fields.confidence['recipient_name']).toBeLessThan(0.9)
    expect(fields.confidence['sender_name']).toBeGreaterThanOrEqual(0.9)
  })

  it('scales each field confidence by the OCR confidence of its words', () => {
    const page = runsToOcrPage(model, {
      confidence: 0.95,
      rewrite: (w) => (w === '050' ? { text: w, confidence: 0.5 } : w),
    })
    const { fields, ocr } = extractImageReceipt(page)
    expect(fields.amount).toBe(1050)
    expect(fields.confidence['amount']).toBeLessThanOrEqual(0.5)
    expect(fields.confidence['recipient_name']).toBeGreaterThan(0.9)
    expect(fields.confidence['recipient_name']).toBeLessThanOrEqual(0.95)
    expect(ocr.words).toHaveLength(page.words.length)
    expect(ocr.confidence).toBeLessThan(0.95)
  })

  it('reads an unknown layout with the generic reader, and an empty page as unknown with no fields', () => {
    const other = syntheticModel({
      width: 300,
      height: 300,
      runs: [
        { text: 'Платёжный документ', x: 20, y: 20 },
        { text: 'Сумма', x: 20, y: 60 },
        { text: '600,00 ₽', right: 280, y: 60 },
      ],
    })
    const generic = extractImageReceipt(runsToOcrPage(other))
    expect(generic.family).toBe('unknown')
    expect(generic.fields.amount).toBe(600)
    expect(generic.fields.confidence['amount']).toBeLessThan(0.9)
    const empty = extractImageReceipt({ width: 100, height: 100, words: [] })
    expect(empty.family).toBe('unknown')
    expect(empty.fields.amount).toBeNull()
    expect(empty.fields.source).toBe('none')
  })
})

describe('paid_at on a picture whose printed time OCR misread', () => {
  // VTB's shape (fake values): `11.02.2026, 10:10` printed, the SBP id says 07:10:12 UTC (10:10:12 Moscow).
  const page = (time: { text: string; confidence: number }) =>
    runsToOcrPage(vtbOutgoingModel(), { rewrite: (w) => (w === '10:10' ? time : w) })

  it("takes the id's time over a shaky misread minute, below 0.9", () => {
    const r = extractImageReceipt(page({ text: '10:16', confidence: 0.67 }))
    expect(r.fields.paid_at).toBe('2026-02-11T07:10:12Z')
    expect(r.fields.paid_at_source).toBe('receipt_number')
    // Below 0.9 (the two disagreed), but as sure as the id's reading, not the misread time's.
    expect(r.fields.confidence.paid_at).toBeLessThan(0.9)
    expect(r.fields.confidence.paid_at).toBeGreaterThan(0.67)
    expect(r.facts['sbp_id_consistent']).toBe(false)
  })

  it('keeps a surely read printed time that the id disagrees with', () => {
    const r = extractImageReceipt(page({ text: '10:16', confidence: 0.96 }))
    expect(r.fields.paid_at).toBe('2026-02-11T07:16:00Z')
    expect(r.fields.paid_at_source).toBe('printed')
  })
})
