import { describe, expect, it } from 'vitest'
import { rightLayoutRows, syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractReceipt } from '../extraction/extract-receipt'

/** A VTB-shaped page (FAMILIES.md positions) whose title no VTB variant lists. */
function page(producer: string | undefined, stamp: boolean) {
  const runs = [
    { text: 'Перевод по QR-коду', x: 80, y: 82, size: 10.5 },
    ...rightLayoutRows(
      [
        ['Статус', 'Выполнено'],
        ['Дата операции', '11.02.2026, 10:10'],
        ['Получатель', 'ООО "ЛУЧ"'],
      ],
      { labelX: 24.75, valueRight: 257, top: 130, pitch: 24 },
    ),
    { text: 'Сумма операции', x: 24.75, y: 352.8, size: 13.5 },
    { text: '600 ₽', right: 257, y: 352, size: 13.5 },
    ...(stamp ? [{ text: 'Банк ВТБ (ПАО)', x: 108, y: 388, size: 9.2 }] : []),
  ]
  return syntheticModel({
    width: 281.2125,
    height: 437.25,
    info: producer ? { Producer: producer } : {},
    runs,
  })
}

describe('a known bank in an undescribed variant', () => {
  it('keeps its family, variant unknown, read by the generic reader', () => {
    const result = extractReceipt(page('openhtmltopdf.com', true))
    expect(result.family).toBe('vtb/unknown')
    expect(result.facts).toMatchObject({ family_name: 'vtb', variant: 'unknown', family_anchor_found: true })
    expect(result.fields).toMatchObject({ amount: 600, recipient_name: 'ООО "ЛУЧ"', status_ok: true })
    for (const c of Object.values(result.fields.confidence)) expect(c).toBeLessThan(0.9)
  })

  it('needs both the producer and the stamp (or the bank named first)', () => {
    expect(extractReceipt(page('openhtmltopdf.com', false)).family).toBe('unknown')
    expect(extractReceipt(page('LibreOffice 7.6', true)).family).toBe('unknown')
    expect(extractReceipt(page(undefined, true)).family).toBe('unknown')
  })
})
