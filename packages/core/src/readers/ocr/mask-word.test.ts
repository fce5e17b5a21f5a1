import { describe, expect, it } from 'vitest'
import { maskWord, mayHideMask } from './mask-word'

describe('maskWord', () => {
  it("puts the pixels' count of asterisks between the letters OCR read around its run", () => {
    expect(maskWord('КУЗ******ж*А', { before: 3, stars: 7, after: 1 })).toBe('КУЗ*******А')
    expect(maskWord('КУЗ*****++А', { before: 2, stars: 7, after: 1 })).toBe('КУЗ*******А')
    expect(maskWord('Куз**а', { before: 3, stars: 4, after: 1 })).toBe('Куз****а')
    expect(maskWord('Вол***%а', { before: 3, stars: 4, after: 1 })).toBe('Вол****а')
  })

  it('cuts a run read as letters by the letters the pixels show on each side', () => {
    expect(maskWord('К*жжжа', { before: 1, stars: 3, after: 1 })).toBe('К***а')
    expect(maskWord('КУЗ*****А', { before: 2, stars: 5, after: 1 })).toBe('КУЗ*****А')
    expect(maskWord('Кужжжа', { before: 1, stars: 3, after: 1 })).toBe('К***а')
  })

  it('refuses what the text cannot hold', () => {
    expect(maskWord('Ка', { before: 1, stars: 3, after: 1 })).toBeNull()
    expect(maskWord('К9жжа', { before: 1, stars: 3, after: 1 })).toBeNull()
    expect(maskWord('К.*ж*а', { before: 1, stars: 3, after: 1 })).toBeNull()
    expect(maskWord('Кужа', { before: 1, stars: 0, after: 1 })).toBeNull()
    expect(maskWord('Ромашка', { before: 0, stars: 1, after: 6 })).toBeNull()
  })
})

describe('mayHideMask', () => {
  it('is a name showing a star-like glyph, or shaped as a masked name: a word and two initials', () => {
    expect(mayHideMask('Куз***жа И. П.')).toBe(true)
    expect(mayHideMask('КУЗ*****++А И. П.')).toBe(true)
    expect(mayHideMask('Кужжжа И. П.')).toBe(true)
    expect(mayHideMask('Кужжжа И.П.')).toBe(true)
  })

  it('is never an organisation or a full name, whose letters a blurred photo may pass off as stars', () => {
    expect(mayHideMask('ПАО "ВОЛЖСКИЙ МАШИНОСТРОИТЕЛЬНЫЙ ЗАВОД"')).toBe(false)
    expect(mayHideMask('Ольга Алексеевна З.')).toBe(false)
    expect(mayHideMask('ДАРЬЯ АЛЕКСАНДРОВНА И.')).toBe(false)
    expect(mayHideMask('Saidov K.')).toBe(false)
  })
})
