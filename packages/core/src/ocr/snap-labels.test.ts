import { describe, expect, it } from 'vitest'
import { families } from '../families'
import type { TextRun } from '../pdf/pdf-model'
import { labelVocabulary, snapLabels } from './snap-labels'

const run = (text: string): TextRun => ({
  page: 0,
  text,
  x: 0,
  y: 0,
  width: 10,
  height: 9,
  fontName: 'ocr',
  fontSize: 9,
})
const vocabulary = labelVocabulary(families, {})

describe('snapLabels', () => {
  it('restores a label OCR misread by a letter or two, Latin lookalikes included', () => {
    const snapped = snapLabels(
      [run('ID операции в CBN'), run('Дата операцли'), run('Сумма перевода')],
      vocabulary,
    )
    expect(snapped.map((r) => r.text)).toEqual(['ID операции в СБП', 'Дата операции', 'Сумма перевода'])
  })

  it('leaves values, short texts and distant texts as read', () => {
    const texts = [
      '+7 (900) 123-45-67',
      'Итог',
      'Софья Олеговна Т.',
      '1 050 ₽',
      'Совсем другая строка текста',
    ]
    expect(snapLabels(texts.map(run), vocabulary).map((r) => r.text)).toEqual(texts)
  })
})
