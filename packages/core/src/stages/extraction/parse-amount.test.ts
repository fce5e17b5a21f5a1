import { describe, expect, it } from 'vitest'
import { parseCommission, parseMoney } from './parse-amount'

describe('parseMoney', () => {
  it.each([
    ['600 ₽', 600, 'RUB'],
    ['1 050 ₽', 1050, 'RUB'],
    ['19 500 ₽', 19500, 'RUB'],
    ['123.45 ₽', 123.45, 'RUB'],
    ['10 RUR', 10, 'RUB'],
    ['1\u00a0000\u00a0RUR', 1000, 'RUB'],
    ['49,20 RUR', 49.2, 'RUB'],
    ['10 000,00 руб.', 10000, 'RUB'],
    ['0,00 руб.', 0, 'RUB'],
    ['67400,00 рублей', 67400, 'RUB'],
    ['20 i', 20, 'RUB'],
    ['1,21 TJS', 1.21, 'TJS'],
    ['99 999 UZS', 99999, 'UZS'],
    ['1 234 567,5 ₽', 1234567.5, 'RUB'],
    ['50', 50, null],
  ])('reads %j', (text, value, currency) => {
    expect(parseMoney(text)).toEqual({ value, currency })
  })

  it.each([
    [''],
    ['₽'],
    ['12 34 ₽'],
    ['1.234,56 ₽'],
    ['10,123 RUR'],
    ['10 рублей и 5 копеек'],
    ['1 ₽ = 143,91 UZS'],
    ['A6042071012K4Q27'],
    ['10 xyz'],
  ])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull()
  })

  it('keeps kopecks exact (no float drift)', () => {
    expect(parseMoney('0,10 RUR')?.value).toBe(0.1)
    expect(parseMoney('1 000 000,07 ₽')?.value).toBe(1000000.07)
  })
})

describe('parseCommission', () => {
  it('reads "no commission" as 0 and amounts as amounts', () => {
    expect(parseCommission('Без комиссии')).toEqual({ value: 0, currency: null })
    expect(parseCommission('30 ₽')).toEqual({ value: 30, currency: 'RUB' })
    expect(parseCommission('что-то')).toBeNull()
  })
})
