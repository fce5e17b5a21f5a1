import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { homoglyphReading, matchName } from './match-name'
import { skeleton, transliterate } from './transliterate'

describe('matchName', () => {
  it.each([
    ['Александр Ж.', 'Александр Жуков'],
    ['Александр Ж.', 'Жуков Александр Сергеевич'],
    ['Александр Сергеевич Ж.', 'Александр Жуков'],
    ['Софья Олеговна Т.', 'Софья Т.'],
    ['ИВАН ПЕТРОВИЧ К.', 'Иван Петрович Кузнецов'],
    ['Иван Петрович К', 'Кузнецов Иван'], // Alfa: initial without a dot
    ['Александр Ж.', 'Aleksandr Zhukov'],
    ['Aleksandr Zhukov', 'Жуков Александр'],
    ['Юлия Сергеевна П.', 'Yulia Petrova'],
    ['Юлия П.', 'Iuliia Petrova'],
    ['Пётр Л.', 'Pyotr Lebedev'],
    ['Петр Л.', 'Пётр Лебедев'],
    ['Наталья Е.', "Natal'ya Yegorova"],
    ['Ксения Х.', 'Xenia Khabibullina'],
    ['Дмитрий Щ.', 'Dmitry Shchukin'],
    ['Евгений Ц.', 'Yevgeniy Tsoi'],
    ['Жук**в А. С.', 'Жуков Александр Сергеевич'], // Alfa client, masked surname
    ['Олег К.', 'олег кузнецов'],
    ['Анна-Мария Ш.', 'Анна‑Мария Шишкина'], // U+2011 in the expectation
    ['A. Z.', 'Aleksandr Zhukov'], // a receipt showing only initials cannot contradict agreeing ones
    ['ЖУК*****В А. С.', 'zhuk*****v a. s.'], // a masked name quoted back in Latin
    ['Жук**в А. С.', 'Жук**в А. С.'],
  ])('%s ~ %s', (printed, expected) => {
    expect(matchName(printed, expected)).toBe(true)
  })

  it.each([
    ['Софья Т.', 'Софья Иванова'],
    ['Александр Сергеевич Ж.', 'Александр Петрович Жуков'],
    ['Олег К.', 'Ольга Кузнецова'],
    ['A. Z.', 'Boris Zhukov'],
    ['Жук**в А. С.', 'Жук*в А. С.'],
    ['Александр Ж.', 'Aleksandr Ivanov'],
    ['И. Петров', 'Иван П.'], // both show words: initials alone never outvote them
    ['Жук**в А. С.', 'Петров Александр Сергеевич'],
    ['', 'Иван'],
    ['Иван', ''],
  ])('%s !~ %s', (printed, expected) => {
    expect(matchName(printed, expected)).toBe(false)
  })

  // OCR of a picture returns Latin/Cyrillic twins the picture cannot tell apart; the payer must not fail on them.
  it.each([
    ['Poман K.', 'Роман Кузнецов'], // Latin P and K in a Cyrillic name
    ['Роман К.', 'Poман Кузнецов'], // the twin typed in the expectation
    ['A. B.', 'Анна Васильева'], // Cyrillic initials read as Latin: В is not b
    ['Н. Р.', 'Hanna Petrova'], // Latin initials read as Cyrillic: Н is not n
    ['Saidov К.', 'Saidov Karim'], // a Cyrillic К in a Latin name
    ['Kyз****а Е. С.', 'Куз****а Е. С.'], // a masked Alfa name with Latin twins
  ])('homoglyphs: %s ~ %s', (printed, expected) => {
    expect(matchName(printed, expected)).toBe(true)
  })

  it.each([
    ['Poман K.', 'Роман Иванов'],
    ['A. B.', 'Анна Петрова'],
    ['Н. Р.', 'Nina Ivanova'],
  ])('homoglyphs decide nothing else: %s !~ %s', (printed, expected) => {
    expect(matchName(printed, expected)).toBe(false)
  })

  it('puts twins in the script the rest of the name, else the other side, gives', () => {
    expect(homoglyphReading('Poман K.', 'Roman')).toBe('Роман К.')
    expect(homoglyphReading('A. B.', 'Анна')).toBe('А. В.')
    expect(homoglyphReading('A. B.', 'Anna')).toBe('A. B.')
    expect(homoglyphReading('А. В.', 'А. В.')).toBe('А. В.')
  })

  it('transliterates by ICAO 9303', () => {
    expect(transliterate('Щукина Юлия')).toBe('shchukina iuliia')
    expect(skeleton('Iuliia')).toBe(skeleton('Юлия'))
    expect(skeleton('Julia')).toBe(skeleton('Юлия'))
  })

  // Russian names never start with ы, ь or ъ; the rest of the alphabet may appear anywhere.
  const cyrName = fc
    .tuple(
      fc.constantFrom(...'абвгдежзиклмнопрстуфхцчшщэюя'),
      fc.array(fc.constantFrom(...'абвгдежзийклмнопрстуфхцчшщъыьэюя'), { minLength: 1, maxLength: 9 }),
    )
    .map(([c, cs]) => c + cs.join(''))
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1)

  it('a name matches itself, its ICAO transliteration and its initial form', () => {
    fc.assert(
      fc.property(cyrName, cyrName, (first, last) => {
        const full = `${cap(first)} ${cap(last)}`
        expect(matchName(full, full)).toBe(true)
        expect(matchName(full, transliterate(full))).toBe(true)
        expect(matchName(`${cap(first)} ${last[0]!.toUpperCase()}.`, full)).toBe(true)
      }),
    )
  })

  it('is symmetric', () => {
    fc.assert(
      fc.property(cyrName, cyrName, cyrName, (a, b, c) => {
        const x = `${a} ${b}`
        const y = `${a} ${c[0]}.`
        expect(matchName(x, y)).toBe(matchName(y, x))
      }),
    )
  })

  it('a different surname initial never matches', () => {
    fc.assert(
      fc.property(cyrName, cyrName, cyrName, (first, last, other) => {
        fc.pre(skeleton(last[0]!) !== skeleton(other[0]!) && !skeleton(other).startsWith(skeleton(last[0]!)))
        fc.pre(!skeleton(first).startsWith(skeleton(last[0]!)))
        expect(matchName(`${first} ${last[0]}.`, `${first} ${other}`)).toBe(false)
      }),
    )
  })
})
