import { describe, expect, it } from 'vitest'
import type { TextRun } from '../../vocabulary/pdf-model'
import { joinSplitDate, joinSplitDates } from './join-split-date'

describe('joinSplitDate', () => {
  it('joins a date OCR split at a narrow gap', () => {
    expect(joinSplitDate('Перевод 20.0 6.2025 12:29')).toBe('Перевод 20.06.2025 12:29')
    expect(joinSplitDate('2 0.06.2025, 10:34')).toBe('20.06.2025, 10:34')
    expect(joinSplitDate('06.08.20 25')).toBe('06.08.2025')
  })

  it('leaves amounts, times, whole dates and numbers that make no date as read', () => {
    expect(joinSplitDate('Итого 7 385 ₽')).toBe('Итого 7 385 ₽')
    expect(joinSplitDate('06.08.2025 10:34')).toBe('06.08.2025 10:34')
    expect(joinSplitDate('1 050.00')).toBe('1 050.00')
    expect(joinSplitDate('№ 201 от 26.03.2025')).toBe('№ 201 от 26.03.2025')
  })
})

describe('joinSplitDates', () => {
  const run = (text: string, x: number, y: number, width: number, height: number): TextRun => ({
    page: 0,
    text,
    x,
    y,
    width,
    height,
    fontName: 'ocr',
    fontSize: 9,
  })

  it('joins a date whose halves OCR put in two runs side by side', () => {
    const joined = joinSplitDates([
      run('Перевод', 7.6, 60, 34.5, 7),
      run('20.0', 188.7, 60, 15.7, 5.4),
      run('6.2025 12:29', 205.9, 61.8, 49.6, 4.4),
    ])
    expect(joined.map((r) => r.text)).toEqual(['Перевод', '20.06.2025 12:29'])
    expect(joined[1]).toMatchObject({ x: 188.7, y: 60 })
  })

  it('leaves runs apart, on other rows, or making no date as they are', () => {
    const runs = [run('20.0', 10, 60, 15, 5), run('6.2025', 100, 60, 20, 5), run('7 385', 10, 80, 20, 5)]
    expect(joinSplitDates(runs).map((r) => r.text)).toEqual(['20.0', '6.2025', '7 385'])
    const below = [run('20.0', 10, 60, 15, 5), run('6.2025', 26, 70, 20, 5)]
    expect(joinSplitDates(below).map((r) => r.text)).toEqual(['20.0', '6.2025'])
  })
})
