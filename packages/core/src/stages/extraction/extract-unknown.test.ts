import type { ReceiptFields } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { rightLayoutRows, syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractReceipt } from './extract-receipt'

function confidences(fields: ReceiptFields): number[] {
  return Object.values(fields.confidence)
}

describe('extractReceipt: unrecognised documents', () => {
  it('reads an unseen layout generically, with every confidence below 0.9', () => {
    const runs = [
      { text: 'Платёжное поручение', x: 30, y: 40, size: 14 },
      ...rightLayoutRows(
        [
          ['Статус', 'Выполнено'],
          ['Дата операции', '01.04.2026 12:00'],
          ['Получатель', 'ООО Ромашка'],
          ['Сумма', '2 500,00 ₽'],
        ],
        { labelX: 30, valueRight: 400, top: 80, pitch: 20, size: 10 },
      ),
    ]
    const result = extractReceipt(
      syntheticModel({ width: 420, height: 600, info: { Producer: 'LibreOffice' }, runs }),
    )
    expect(result.family).toBe('unknown')
    expect(result.fields).toMatchObject({
      amount: 2500,
      currency: 'RUB',
      status_ok: true,
      recipient_name: 'ООО Ромашка',
      paid_at: '2026-04-01T09:00:00Z',
      paid_at_source: 'printed',
      type: null,
    })
    for (const c of confidences(result.fields)) expect(c).toBeLessThan(0.9)
    expect(result.facts['family_name']).toBeNull()
  })

  it('leaves a field empty rather than guessing when the value does not parse', () => {
    const runs = rightLayoutRows(
      [
        ['Сумма', 'по договору'],
        ['Дата', 'вчера'],
      ],
      { labelX: 30, valueRight: 400, top: 80, pitch: 20 },
    )
    const result = extractReceipt(syntheticModel({ width: 420, height: 600, runs }))
    expect(result.fields.amount).toBeNull()
    expect(result.fields.paid_at).toBeNull()
    expect(result.fields.confidence).toEqual({})
  })

  it('does not take a family title alone as recognition when most labels are missing', () => {
    const runs = [
      { text: 'Исходящий перевод СБП', x: 80, y: 82, size: 10.5 },
      ...rightLayoutRows([['Сумма операции', '600 ₽']], {
        labelX: 24.75,
        valueRight: 257,
        top: 130,
        pitch: 24,
      }),
    ]
    const result = extractReceipt(syntheticModel({ width: 281.2, height: 437.25, runs }))
    expect(result.family).toBe('unknown')
    expect(result.fields.amount).toBe(600)
    expect(result.fields.confidence['amount']).toBeLessThan(0.9)
  })

  it('finds an SBP-shaped id anywhere only as a low-confidence receipt number', () => {
    const runs = [{ text: 'Операция A6065223110K7Q2P0000030011700501', x: 30, y: 80, size: 10 }]
    const result = extractReceipt(syntheticModel({ width: 420, height: 600, runs }))
    expect(result.fields.receipt_number).toBe('A6065223110K7Q2P0000030011700501')
    expect(result.fields.confidence['receipt_number']).toBeLessThan(0.9)
    expect(result.fields.paid_at).toBeNull()
  })

  it('produces normalised text: one line per visual line, NBSP and U+2011 folded', () => {
    const runs = [
      { text: 'Телефон', x: 10, y: 10 },
      { text: '+7 (900) 123\u201145\u201167', x: 100, y: 10.5 },
      { text: '1\u00a0000\u00a0RUR', x: 10, y: 30 },
    ]
    const result = extractReceipt(syntheticModel({ width: 300, height: 100, runs }))
    expect(result.normalizedText).toBe('Телефон +7 (900) 123-45-67\n1 000 RUR')
  })

  it('counts control and replacement characters of re-encoded text in the facts', () => {
    const runs = [
      { text: '\u001cAA>9 %\u0015', x: 10, y: 10 },
      { text: 'ok \ufffd', x: 10, y: 30 },
    ]
    const result = extractReceipt(syntheticModel({ width: 300, height: 100, runs }))
    expect(result.facts).toMatchObject({ text_chars: 12, text_control_chars: 2, text_replacement_chars: 1 })
  })

  it('claims no text source and no language for a PDF without a text layer', () => {
    const result = extractReceipt(syntheticModel({ width: 300, height: 100, runs: [] }))
    expect(result.fields).toMatchObject({ source: 'none', language: null, amount: null })
    const latin = extractReceipt(
      syntheticModel({ width: 300, height: 100, runs: [{ text: 'Total 5', x: 1, y: 1 }] }),
    )
    expect(latin.fields).toMatchObject({ source: 'pdf_text', language: 'en' })
  })

  it('reads generic values written in the label run itself (`Сумма: 500 ₽`)', () => {
    const runs = [
      { text: 'Чек', x: 10, y: 10, size: 12 },
      { text: 'Сумма: 1 500,50 ₽', x: 10, y: 40 },
      { text: 'Получатель: ИП Иванов', x: 10, y: 60 },
    ]
    const result = extractReceipt(syntheticModel({ width: 300, height: 200, runs }))
    expect(result.fields).toMatchObject({ amount: 1500.5, currency: 'RUB', recipient_name: 'ИП Иванов' })
    expect(result.fields.confidence['amount']).toBeLessThan(0.9)
  })
})
