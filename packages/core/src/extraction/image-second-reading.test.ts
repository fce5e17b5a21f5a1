import { describe, expect, it } from 'vitest'
import { runsToOcrPage } from '../ocr/testing/runs-to-ocr-page'
import { extractImageReceipt } from './extract-image-receipt'
import { fieldsLeftUnread, secondReadingHelps } from './image-second-reading'
import { rightLayoutRows, syntheticModel } from './testing/synthetic-model'

// An Ozon outgoing SBP receipt's shape (FAMILIES.md), fake values; `withDate: false` is the picture whose
// grey `Перевод` + date row the first OCR pass dropped.
function ozon(withDate: boolean) {
  const rows = rightLayoutRows(
    [
      ['Статус', 'Успешно'],
      ['Счёт списания', 'Основной счёт'],
      ['Сумма', '50 ₽'],
      ['Комиссия', 'Без комиссии'],
      ['Получатель', 'Олег Петрович К.'],
      ['Телефон получателя', '+7 (900) 333-44-55'],
      ['Банк получателя', 'Т-Банк'],
      ['Отправитель', 'Глеб Аркадьевич Н.'],
      ['ID операции', 'B6067123105123456000180011700501'],
    ],
    { labelX: 23.9, valueRight: 349.8, top: 208.8, pitch: 33.9, size: 13.95 },
  )
  const date = [
    { text: 'Перевод', x: 23.9, y: 110, size: 13.95 },
    { text: '08.03.2026 15:31', right: 349.8, y: 110, size: 13.95 },
  ]
  return extractImageReceipt(
    runsToOcrPage(
      syntheticModel({
        width: 373.92,
        height: 877.92,
        runs: [
          ...(withDate ? date : []),
          { text: 'Итого', x: 23.9, y: 145, size: 23.9 },
          { text: '50 ₽', right: 349.8, y: 145, size: 23.9 },
          ...rows,
          { text: 'По вопросам зачисления обращайтесь к получателю', x: 30, y: 537, size: 11.96 },
          { text: 'Служба поддержки Ozon Банка: 8 (800) 555-89-82', x: 30, y: 561, size: 11.96 },
        ],
      }),
    ),
  )
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
