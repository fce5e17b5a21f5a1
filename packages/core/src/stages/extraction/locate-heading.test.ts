import { describe, expect, it } from 'vitest'
import { labelKey } from '../../vocabulary/text/normalize-text'
import type { Cell, Line } from '../../vocabulary/text/text-lines'
import { readHeadingBlock } from './locate-heading'

/** One centred line of one cell on axis 100; `confidence` marks a cell read by OCR. */
function line(text: string, y: number, size: number, confidence?: number): Line {
  const half = text.length * size * 0.25
  const cell: Cell = {
    text,
    raw: text,
    key: labelKey(text),
    x: 100 - half,
    right: 100 + half,
    y,
    bottom: y + size,
    size,
    page: 0,
    ...(confidence === undefined ? {} : { confidence }),
  }
  return { page: 0, y, size, cells: [cell], text }
}

const labels = new Set([labelKey('Статус')])

describe('readHeadingBlock', () => {
  it('reads a picture line of capitals that OCR boxed taller than the title', () => {
    // Breve of `Й` above, tail of `Д` below, a photo's leftover tilt: 9 pt read as 12–13.5 pt.
    const lines = [
      line('Заголовок справки', 60, 9, 0.95),
      line('1234567890 ООО "ЖИЛОЙ', 75, 13.5, 0.95),
      line('ДОМ" Аванс за май', 85, 9, 0.95),
      line('Статус', 110, 9, 0.95),
    ]
    expect(readHeadingBlock(lines, ['Заголовок справки'], labels)?.map((c) => c.text)).toEqual([
      '1234567890 ООО "ЖИЛОЙ',
      'ДОМ" Аванс за май',
    ])
  })

  it('still refuses a picture line much smaller or much larger than the title', () => {
    const small = [line('Заголовок справки', 60, 9, 0.95), line('мелкий текст', 72, 5.5, 0.95)]
    expect(readHeadingBlock(small, ['Заголовок справки'], labels)).toBeNull()
    const large = [line('Заголовок справки', 60, 9, 0.95), line('КРУПНЫЙ', 78, 16.5, 0.95)]
    expect(readHeadingBlock(large, ['Заголовок справки'], labels)).toBeNull()
  })

  it('keeps the PDF tolerance at half a point', () => {
    const lines = [line('Заголовок справки', 60, 9), line('ООО "ЛУЧ" Аванс', 75, 9.8)]
    expect(readHeadingBlock(lines, ['Заголовок справки'], labels)).toBeNull()
  })
})
