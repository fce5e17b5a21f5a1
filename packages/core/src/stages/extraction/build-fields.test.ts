import { describe, expect, it } from 'vitest'
import { readImageName } from './build-fields'

describe('readImageName (a name read by OCR)', () => {
  it('puts twin-only words in the script of the rest of the name, at full confidence', () => {
    expect(readImageName('Saidov К.', 'ru')).toEqual({ text: 'Saidov K.', confidence: 0.98 })
    expect(readImageName('Дарья Николаевна С.', 'ru')).toEqual({
      text: 'Дарья Николаевна С.',
      confidence: 0.98,
    })
  })

  it("puts a name nothing decides in the receipt's language, below 0.9", () => {
    expect(readImageName('T2', 'ru')).toEqual({ text: 'Т2', confidence: 0.85 })
    expect(readImageName('Kyз****a E. C.', 'ru').text).toBe('Куз****а Е. С.')
    expect(readImageName('T2', null)).toEqual({ text: 'T2', confidence: 0.85 })
  })

  it('keeps a name of initials only well below 0.9, whatever its script', () => {
    expect(readImageName('A. Z.', 'ru').confidence).toBe(0.6)
    expect(readImageName('AZ.', 'ru').confidence).toBe(0.6)
    expect(readImageName('Ж. К.', 'ru').confidence).toBe(0.6)
  })

  it("splits a capitals name's initial glued to the word before it, below 0.9", () => {
    expect(readImageName('ОЛЬГА ИВАНОВНАН.', 'ru').text).toBe('ОЛЬГА ИВАНОВНА Н.')
    expect(readImageName('IVAN PETROVICHS.', 'ru').text).toBe('IVAN PETROVICH S.')
    expect(readImageName('ОЛЬГА ИВАНОВНАН.', 'ru').confidence).toBeLessThan(0.9)
    // Not an initial's run: initials alone, a capitals word alone, a name not printed in capitals.
    expect(readImageName('ИВАНОВ И.И.', 'ru').text).toBe('ИВАНОВ И.И.')
    expect(readImageName('AZ.', 'ru').text).toBe('AZ.')
    expect(readImageName('ИВАНОВНАН.', 'ru').text).toBe('ИВАНОВНАН.')
    expect(readImageName('Ольга ИВАНОВНАН.', 'ru').text).toBe('Ольга ИВАНОВНАН.')
  })

  it("reads a `%` beside a mask's run as an asterisk", () => {
    expect(readImageName('Вол***%а Д. М.', 'ru')).toEqual({ text: 'Вол****а Д. М.', confidence: 0.98 })
    expect(readImageName('Вол%а', 'ru').confidence).toBe(0.5)
  })

  it('reads an initial that wrapped to a line of its own as the letter its digit pictures', () => {
    // words-to-runs repairs `3.` after a name word on its line; a wrapped initial had no word before it.
    expect(readImageName('Дарья Николаевна 3.', 'ru')).toEqual({
      text: 'Дарья Николаевна З.',
      confidence: 0.98,
    })
    expect(readImageName('Saidov 0:', 'ru')).toEqual({ text: 'Saidov O.', confidence: 0.98 })
    // A Latin `I` drawn as a bare stroke, read as a bar; after a Cyrillic name a bar is no letter.
    expect(readImageName('Nazarov |.', 'ru')).toEqual({ text: 'Nazarov I.', confidence: 0.98 })
    expect(readImageName('Волкова |.', 'ru').confidence).toBe(0.5)
    // Only after a name word: a lone `3.` is no initial of anything.
    expect(readImageName('3.', 'ru').confidence).toBe(0.5)
    expect(readImageName('Ж. 3.', 'ru').confidence).toBe(0.5)
  })

  it('reads a digit initial after a masked word and its initials in the script of that word', () => {
    // The Russian model's `Пет****а С. 0.` is `Пет****а С. О.`; a Latin look-alike of it stays Latin, and on a
    // transfer within Russia a masked name in Latin never wins (image-field-rereading.ts).
    expect(readImageName('Гор****а Л. 0.', 'ru')).toEqual({ text: 'Гор****а Л. О.', confidence: 0.98 })
    // Both initials read as digits: each is the letter in the masked word's script.
    expect(readImageName('Мор****в 0. 0.', 'ru')).toEqual({ text: 'Мор****в О. О.', confidence: 0.98 })
    expect(readImageName('Hos****a C. 0.', 'ru').text).toBe('Hos****a C. O.')
    // Initials alone name no script: a digit among them stays a mark.
    expect(readImageName('Л. 0.', 'ru').confidence).toBe(0.5)
  })

  it('joins a given name or patronymic that a gap split, when a surname initial ends the name', () => {
    expect(readImageName('ДАРЬЯ АЛЕКСАН ДРОВНА И.', 'ru').text).toBe('ДАРЬЯ АЛЕКСАНДРОВНА И.')
    expect(readImageName('АЛЕКСАН ДР ОЛЕГОВИЧ Щ.', 'ru').text).toBe('АЛЕКСАНДР ОЛЕГОВИЧ Щ.')
    expect(readImageName('Ольга Алексе евна З.', 'ru').text).toBe('Ольга Алексеевна З.')
    // Two words before the initial, or no patronymic last: as read.
    expect(readImageName('ДАРЬЯ АЛЕКСАНДРОВНА И.', 'ru').text).toBe('ДАРЬЯ АЛЕКСАНДРОВНА И.')
    expect(readImageName('Иванов Иван Иван П.', 'ru').text).toBe('Иванов Иван Иван П.')
  })

  it('reads a lower-case initial after a name word as the capital it is', () => {
    expect(readImageName('Кирилл Алексеевич у.', 'ru')).toEqual({
      text: 'Кирилл Алексеевич У.',
      confidence: 0.98,
    })
    expect(readImageName('Rakhimov l.', 'ru').text).toBe('Rakhimov I.')
    // Not after a word of capitals or another initial.
    expect(readImageName('Н. у.', 'ru').text).toBe('Н. у.')
    // Alfa prints the surname's initial without a point (`Имя Отчество Ф`): a lone capital stays as read.
    expect(readImageName('Ольга Ивановна К', 'ru').text).toBe('Ольга Ивановна К')
  })

  it('puts the letters after a lower-case mask in lower case, as the mask keeps its word’s case', () => {
    expect(readImageName('Фил****Н Е. Д.', 'ru')).toEqual({ text: 'Фил****н Е. Д.', confidence: 0.98 })
    expect(readImageName('ФИЛ****Н', 'ru').text).toBe('ФИЛ****Н')
  })

  it("reads an initial whose point a photo's blur drew as a comma as the initial", () => {
    expect(readImageName('Мор****в А, Д.', 'ru').text).toBe('Мор****в А. Д.')
    expect(readImageName('Saidov K,', 'ru').text).toBe('Saidov K.')
    // Not a lone capital, or no name word before it: left as read.
    expect(readImageName('ООО, Ромашка', 'ru').text).toBe('ООО, Ромашка')
    expect(readImageName('А, Д.', 'ru').text).toBe('А, Д.')
  })

  it('keeps a name bearing a mark of a misreading at 0.5, however sure the engine was', () => {
    expect(readImageName('Дарья Николаевна 9.', 'ru')).toEqual({
      text: 'Дарья Николаевна 9.',
      confidence: 0.5,
    })
    expect(readImageName('КУЗ*****++А', 'ru').confidence).toBe(0.5)
    expect(readImageName('Куз**ж*а И. П.', 'ru').confidence).toBe(0.5)
  })
})
