import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchName } from './match-name'
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
