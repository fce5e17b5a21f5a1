import { describe, expect, it } from 'vitest'
import { parseTesseractTsv } from './parse-tesseract-tsv'

const header = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext'
const row = (...cols: (string | number)[]) => cols.join('\t')

describe('parseTesseractTsv', () => {
  it('keeps level-5 words with their boxes, line ids and confidence in [0, 1]; the page box is the size', () => {
    const tsv = [
      header,
      row(1, 1, 0, 0, 0, 0, 0, 0, 586, 911, -1, ''),
      row(2, 1, 1, 0, 0, 0, 50, 100, 300, 20, -1, ''),
      row(4, 1, 1, 1, 1, 0, 50, 100, 300, 20, -1, ''),
      row(5, 1, 1, 1, 1, 1, 50, 101, 60, 18, 89.5, 'Сумма'),
      row(5, 1, 1, 1, 1, 2, 116, 104, 80, 15, 96.25, 'операции'),
      row(5, 1, 2, 1, 3, 1, 400, 100, 50, 20, 40, '600'),
      '',
    ].join('\n')
    const page = parseTesseractTsv(tsv)
    expect(page.width).toBe(586)
    expect(page.height).toBe(911)
    expect(page.words).toEqual([
      {
        text: 'Сумма',
        left: 50,
        top: 101,
        width: 60,
        height: 18,
        confidence: 0.895,
        block: 1,
        paragraph: 1,
        line: 1,
      },
      {
        text: 'операции',
        left: 116,
        top: 104,
        width: 80,
        height: 15,
        confidence: 0.9625,
        block: 1,
        paragraph: 1,
        line: 1,
      },
      {
        text: '600',
        left: 400,
        top: 100,
        width: 50,
        height: 20,
        confidence: 0.4,
        block: 2,
        paragraph: 1,
        line: 3,
      },
    ])
  })

  it('drops blank words, malformed rows and clamps confidence', () => {
    const tsv = [
      header,
      row(5, 1, 1, 1, 1, 1, 10, 10, 5, 5, 95, ' '),
      row(5, 1, 1, 1, 1, 2, 'x', 10, 5, 5, 95, 'bad'),
      row(5, 1, 1, 1, 1, 3, 10, 10, 5, 5, 120, 'over'),
      'garbage line',
    ].join('\r\n')
    const page = parseTesseractTsv(tsv)
    expect(page.words.map((w) => [w.text, w.confidence])).toEqual([['over', 1]])
    expect(page.width).toBe(0)
  })

  it('reads an empty output as an empty page', () => {
    expect(parseTesseractTsv('')).toEqual({ width: 0, height: 0, words: [] })
  })
})
