import { describe, expect, it } from 'vitest'
import type { OcrWord } from './ocr-page'
import { bodySize, estimateSkew, wordsToRuns } from './words-to-runs'

const word = (text: string, left: number, top: number, line = 1, extra: Partial<OcrWord> = {}): OcrWord => ({
  text,
  left,
  top,
  width: text.length * 10,
  height: 20,
  confidence: 0.9,
  block: 1,
  paragraph: 1,
  line,
  ...extra,
})

describe('wordsToRuns', () => {
  it('joins words a space apart into one run and splits at a column gap', () => {
    const { runs } = wordsToRuns({
      width: 600,
      height: 200,
      words: [
        word('Дата', 10, 10),
        word('операции', 58, 12),
        word('11.02.2026,', 300, 10),
        word('10:10', 418, 10),
      ],
    })
    expect(runs.map((r) => r.text)).toEqual(['Дата операции', '11.02.2026, 10:10'])
    expect(runs[0]!.y).toBeLessThan(runs[1]!.y + 1)
  })

  it('scales pixels so the median line is the body size, and keeps the lowest word confidence per run', () => {
    const { runs, scale } = wordsToRuns({
      width: 600,
      height: 200,
      words: [
        word('Статус', 10, 10, 1, { confidence: 0.97 }),
        word('Выполнено', 80, 10, 1, { confidence: 0.6 }),
      ],
    })
    expect(scale).toBeCloseTo((bodySize * 0.9) / 20)
    expect(runs[0]!.fontSize).toBeCloseTo(bodySize)
    expect(runs[0]!.confidence).toBe(0.6)
    expect(runs[0]!.x).toBeCloseTo(10 * scale)
  })

  it('reads a P after a number, or glued to it, as the ruble sign', () => {
    const { runs } = wordsToRuns({
      width: 600,
      height: 200,
      words: [
        word('1', 10, 10),
        word('050', 30, 10),
        word('Р', 66, 10),
        word('600P', 10, 60, 2),
        word('P', 10, 110, 3),
      ],
    })
    expect(runs.map((r) => r.text)).toEqual(['1 050 ₽', '600 ₽', 'P'])
  })

  it('gives identifiers read with Cyrillic capitals their Latin twins, and leaves Russian words alone', () => {
    const { runs } = wordsToRuns({
      width: 900,
      height: 300,
      words: [word('С160226123456789', 10, 10), word('ВТБ', 10, 60, 2), word('СЕРВИС', 10, 110, 3)],
    })
    expect(runs.map((r) => r.text)).toEqual(['C160226123456789', 'ВТБ', 'СЕРВИС'])
  })

  it('reads a digit initial after a Russian name as its letter twin, and leaves other digits alone', () => {
    const { runs } = wordsToRuns({
      width: 900,
      height: 300,
      words: [word('Софья', 10, 10), word('3.', 70, 10), word('Кв.', 10, 60, 2), word('3.', 50, 60, 2)],
    })
    expect(runs.map((r) => r.text)).toEqual(['Софья З.', 'Кв. 3.'])
  })

  it("reads a digit initial after a Latin name as the Latin letter (a foreign recipient's initial)", () => {
    const { runs } = wordsToRuns({
      width: 900,
      height: 300,
      words: [word('Saidov', 10, 10), word('0.', 80, 10), word('Smith', 10, 60, 2), word('1.', 60, 60, 2)],
    })
    expect(runs.map((r) => r.text)).toEqual(['Saidov O.', 'Smith I.'])
  })

  it('decides a name by the majority of its letters, and reads an initial set apart from its name', () => {
    const { runs } = wordsToRuns({
      width: 900,
      height: 300,
      // `Кaлинин` carries a Latin twin; its initial stands a column gap away.
      words: [word('Кaлинин', 10, 10), word('3.', 300, 10), word('А.', 10, 60, 2), word('Z.', 40, 60, 2)],
    })
    expect(runs.map((r) => r.text)).toEqual(['Калинин', 'З.', 'A. Z.'])
  })

  it('keeps a run in one script: twins of the other script follow the run, mixed runs stay as read', () => {
    const { runs } = wordsToRuns({
      width: 900,
      height: 400,
      words: [
        word('Saidov', 10, 10),
        word('К.', 80, 10),
        word('Кузнецоya', 10, 60, 2),
        word('Озон', 10, 110, 3),
        word('(Ozon)', 60, 110, 3),
        word('Е.', 10, 160, 4),
        word('С.', 40, 160, 4),
      ],
    })
    expect(runs.map((r) => r.text)).toEqual(['Saidov K.', 'Кузнецоуа', 'Озон (Ozon)', 'Е. С.'])
  })

  it('returns nothing for a page without words', () => {
    expect(wordsToRuns({ width: 10, height: 10, words: [] }).runs).toEqual([])
  })
})

describe('wordsToRuns on a tilted photo', () => {
  it('measures the tilt on the OCR lines and puts a label and its value back on one row', () => {
    const angle = (2 * Math.PI) / 180
    const tilt = (w: OcrWord): OcrWord => {
      const cx = w.left + w.width / 2
      const cy = w.top + w.height / 2
      const x = cx * Math.cos(angle) - cy * Math.sin(angle)
      const y = cx * Math.sin(angle) + cy * Math.cos(angle)
      return { ...w, left: x - w.width / 2, top: y - w.height / 2 }
    }
    const rows = [0, 1, 2, 3].flatMap((i) => [
      word('Дата', 20, 100 + 60 * i, i * 2 + 1, { block: i }),
      word('операции', 70, 100 + 60 * i, i * 2 + 1, { block: i }),
      word('11.02.2026,', 500, 100 + 60 * i, i * 2 + 2, { block: i }),
      word('10:10', 620, 100 + 60 * i, i * 2 + 2, { block: i }),
    ])
    // One long engine line per row gives the slope (tesseract follows the tilted baseline).
    const words = rows.map((w) => tilt({ ...w, line: 1, paragraph: 1 }))
    const { runs } = wordsToRuns({ width: 800, height: 400, words })
    const first = runs.filter((r) => r.text === 'Дата операции')[0]!
    const value = runs.filter((r) => r.text === '11.02.2026, 10:10')[0]!
    expect(Math.abs(first.y - value.y)).toBeLessThan(first.fontSize / 3)
  })

  it('finds no tilt on a straight line whose last word alone reaches below the baseline', () => {
    // VTB's subtitle on a clean render: `страну`'s `у` puts its box's bottom 8 px below `На`'s.
    const words = [
      word('На', 260, 362, 1, { height: 28 }),
      word('карту', 319, 369, 1, { height: 29 }),
      word('другую', 468, 369, 1, { height: 29 }),
      word('страну', 614, 369, 1, { height: 29 }),
    ]
    expect(estimateSkew(words)).toBe(0)
  })
})
