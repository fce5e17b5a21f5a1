import { describe, expect, it } from 'vitest'
import { families } from '../../stages/families'
import type { TextRun } from '../../vocabulary/pdf-model'
import { labelVocabulary, snapLabels } from './snap-labels'

const run = (text: string, x = 0, y = 0): TextRun => ({
  page: 0,
  text,
  x,
  y,
  width: 10 * text.length,
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

  it("gives a run equal to a title once look-alikes are folded the title's own spelling", () => {
    // T-Bank's `По номеру телефона` with its `П` read as a Latin `N`: recognition compares spellings.
    const snapped = snapLabels([run('No номеру телефона'), run('По номеру телефона')], vocabulary)
    expect(snapped.map((r) => r.text)).toEqual(['По номеру телефона', 'По номеру телефона'])
  })

  it('restores a Cyrillic label the English model read whole as the Latin letters its glyphs look like', () => {
    const snapped = snapLabels([run('Nonyyatenb'), run('Komuccua'), run('Komuccus')], vocabulary)
    expect(snapped.map((r) => r.text)).toEqual(['Получатель', 'Комиссия', 'Комиссия'])
  })

  it('leaves Latin text that is no label as read', () => {
    const texts = ['Salary', 'MBANK', 'Saidov K.', 'Ozon Bank', 'Nonyyatenb 12']
    expect(
      snapLabels(
        texts.map((t) => run(t)),
        vocabulary,
      ).map((r) => r.text),
    ).toEqual(texts)
  })

  it('splits a label read together with the value beside it, and leaves label phrases whole', () => {
    const snapped = snapLabels(
      [run('Идентификатор операции A6065223110K7Q2P0000030', 0, 0), run('Номер операции в банке', 0, 40)],
      vocabulary,
    )
    expect(snapped.map((r) => r.text)).toEqual([
      'Идентификатор операции',
      'A6065223110K7Q2P0000030',
      'Номер операции в банке',
    ])
    // The value keeps the right part of the box: its left edge is past the label's.
    expect(snapped[1]!.x).toBeGreaterThan(snapped[0]!.x + snapped[0]!.width - 1)
  })

  it('splits a label from its value across a sign OCR read in the gap between them', () => {
    const snapped = snapLabels([run('ID операции в CBN = B527121275983979000066001', 0, 0)], vocabulary)
    expect(snapped.map((r) => r.text)).toEqual(['ID операции в СБП', 'B527121275983979000066001'])
    expect(snapped[1]!.x).toBeGreaterThan(snapped[0]!.x + snapped[0]!.width - 1)
  })

  it("restores the tail of a wrapped label on the next line in the label's column (T-Bank's СБП)", () => {
    const snapped = snapLabels(
      [run('Идентификатор операции', 10, 100), run('cen', 10, 109), run('cen', 200, 109)],
      vocabulary,
    )
    expect(snapped.map((r) => r.text)).toEqual(['Идентификатор операции', 'СБП', 'cen'])
  })

  it('leaves values, short texts and distant texts as read', () => {
    const texts = [
      '+7 (900) 123-45-67',
      'Итог',
      'Софья Олеговна Т.',
      '1 050 ₽',
      'Совсем другая строка текста',
    ]
    expect(
      snapLabels(
        texts.map((t) => run(t)),
        vocabulary,
      ).map((r) => r.text),
    ).toEqual(texts)
  })
})
