import { describe, expect, it } from 'vitest'
import type { OcrWord } from './ocr-page'
import { readOcrWord } from './read-ocr-word'

const word = (text: string): OcrWord => ({
  text,
  left: 0,
  top: 0,
  width: 10,
  height: 10,
  confidence: 0.9,
  block: 1,
  paragraph: 1,
  line: 1,
})
const read = (text: string, previous?: string) =>
  readOcrWord(word(text), previous === undefined ? undefined : word(previous))

describe('readOcrWord', () => {
  it('opens a short lowercase word after a lowercase word with the letter its 3 or 0 pictures', () => {
    expect(read('3а', 'плата')).toBe('за')
    expect(read('0т', 'договору')).toBe('от')
    expect(read('3а')).toBe('3а') // nothing before it says it is a word
    expect(read('3а', 'д.')).toBe('3а') // a house number
    expect(read('3х', 'в')).toBe('3х') // a numeral's ending
    expect(read('3а', 'Плата')).toBe('3а')
    expect(read('3a', 'плата')).toBe('за') // a Latin twin `a`
  })

  it('lowercases a lowercase word whose last letter was read as its same-shaped capital', () => {
    expect(read('оТ')).toBe('от')
    expect(read('счетаМ')).toBe('счетам')
    expect(read('нА')).toBe('нА') // `А` is not an enlarged `а`
    expect(read('ТОО')).toBe('ТОО')
    expect(read('Рф')).toBe('Рф')
    expect(read('oT')).toBe('от') // Latin twins as read
    expect(read('Smith')).toBe('Smith')
  })

  it('reads a digit inside a word of letters as the letter it resembles, in the script that has one', () => {
    expect(read('Ky3****a')).toBe('Kyз****a') // only Cyrillic has a 3-shaped letter
    expect(read('Иван0в')).toBe('Иванов') // a Cyrillic word: о
    expect(read('Sm1th')).toBe('Smith') // a Latin word: I, lowercase among lowercase
    expect(read('Ky0****a')).toBe('Ky0****a') // 0 is O in both scripts and the word decides nothing
  })

  it('leaves digits that are digits: identifiers, amounts, short words', () => {
    expect(read('T2')).toBe('T2')
    expect(read('B2B')).toBe('B2B')
    expect(read('987***1487')).toBe('987***1487')
    expect(read('C160703261234567')).toBe('C160703261234567')
  })

  it('sets an initial glued to its name apart', () => {
    expect(read('ЮлияИ.')).toBe('Юлия И.')
    expect(read('Юлия')).toBe('Юлия')
  })

  it('reads a © initial after a name word as C in that word`s script, its point read as a colon', () => {
    expect(read('©:', 'Николаевна')).toBe('С.')
    expect(read('©.', 'Saidov')).toBe('C.')
    expect(read('©:', '1 000')).toBe('©:')
  })

  it('reads a date whose point came back as a comma as a date, keeping a comma after the year', () => {
    expect(read('17.10,2025')).toBe('17.10.2025')
    expect(read('17,10.2025,')).toBe('17.10.2025,')
    expect(read('17.10.2025')).toBe('17.10.2025')
    expect(read('49,20')).toBe('49,20')
  })
})
