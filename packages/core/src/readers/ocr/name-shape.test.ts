import { describe, expect, it } from 'vitest'
import { nameWellFormed } from './name-shape'

describe('nameWellFormed', () => {
  it('accepts names, initials, masks, brands and organisations as receipts print them', () => {
    for (const name of [
      'Софья Т.',
      'L. Z.',
      'Куз****а И. П.',
      'КУЗ******А',
      'К****в',
      'Анна-Мария',
      'T2',
      'ООО "Ромашка"',
      'Озон Банк (Ozon)',
      'Pоман',
      'Saidov K.',
      'Hos****a C. O.',
      'Sai****v K.',
    ])
      expect(nameWellFormed(name), name).toBe(true)
  })

  it('refuses the marks of a misreading: digit initials, stray signs, letters in a mask, mixed scripts, a capital after a lower-case mask', () => {
    for (const name of [
      'Г. 3.',
      'Софья 9.',
      'КУЗ*****++А',
      'Куз**ж*а',
      'КУЗ******9',
      'Ку3ьмина',
      'Я). В.',
      'Roмaн Ж.',
      'Sur****B M. M.',
      'Cun****H',
      'Bon****a Д. М.',
      'Вол****а J. M.',
      '',
    ])
      expect(nameWellFormed(name), name).toBe(false)
  })
})
