import { describe, expect, it } from 'vitest'
import { parseStatus } from './parse-status'

describe('parseStatus', () => {
  it.each([
    ['Выполнено', true],
    ['Успешно', true],
    ['Операция выполнена', true],
    ['Отклонено', false],
    ['В обработке', false],
    ['Операция не выполнена', false],
    ['Сбербанк', null],
    ['', null],
  ])('reads %j as %s', (text, expected) => {
    expect(parseStatus(text)).toBe(expected)
  })
})
