import { describe, expect, it } from 'vitest'
import { interpretValue, joinParts } from './interpret-value'

describe('interpretValue', () => {
  it('keeps phones, accounts and cards as printed (spaces folded, U+2011 kept)', () => {
    expect(interpretValue('+7 (900) 123\u201145\u201167', 'text')).toEqual({
      kind: 'text',
      value: '+7 (900) 123\u201145\u201167',
    })
    expect(interpretValue('+7(900)765-43-21', 'text')).toEqual({ kind: 'text', value: '+7(900)765-43-21' })
    expect(interpretValue('4000\u00a012**\u00a0****\u00a01234', 'text')).toEqual({
      kind: 'text',
      value: '4000 12** **** 1234',
    })
    expect(interpretValue('900***1234', 'text')).toEqual({ kind: 'text', value: '900***1234' })
  })

  it('keeps names as printed, including masked and Latin ones', () => {
    expect(interpretValue(' Софья  Олеговна Т. ', 'name')).toEqual({
      kind: 'text',
      value: 'Софья Олеговна Т.',
    })
    expect(interpretValue('Ааа****а И. О.', 'name')).toEqual({ kind: 'text', value: 'Ааа****а И. О.' })
    expect(interpretValue('IVAN PETROV', 'name')).toEqual({ kind: 'text', value: 'IVAN PETROV' })
    expect(interpretValue('   ', 'name')).toBeNull()
  })

  it('accepts only well-formed SBP ids and operation numbers', () => {
    expect(interpretValue('B6042071012K4Q27000007001 7001011', 'sbp_id')).toEqual({
      kind: 'text',
      value: 'B6042071012K4Q270000070017001011',
    })
    expect(interpretValue('B6042071012K4Q27000007001', 'sbp_id')).toBeNull()
    expect(interpretValue('C160703261234567', 'reference')).toEqual({
      kind: 'text',
      value: 'C160703261234567',
    })
    expect(interpretValue('1-123-456-789-012', 'reference')).toEqual({
      kind: 'text',
      value: '1-123-456-789-012',
    })
    expect(interpretValue('номер', 'reference')).toBeNull()
  })

  it('maps banks, statuses, amounts and dates through their parsers', () => {
    expect(interpretValue('Альфа\u2011Банк', 'bank')).toEqual({
      kind: 'bank',
      value: 'alfabank',
      canonical: true,
    })
    expect(interpretValue('Выполнено', 'status')).toEqual({ kind: 'status', ok: true })
    expect(interpretValue('Непонятно', 'status')).toBeNull()
    expect(interpretValue('20 i', 'amount')).toEqual({ kind: 'money', money: { value: 20, currency: 'RUB' } })
    expect(interpretValue('-20 ₽', 'amount')).toBeNull()
    expect(interpretValue('Без комиссии', 'commission')).toEqual({
      kind: 'money',
      money: { value: 0, currency: null },
    })
    expect(interpretValue('Перевод 08.03.2026 15:31', 'datetime')).toMatchObject({
      kind: 'datetime',
      text: '08.03.2026 15:31',
    })
  })

  it('joins wrapped parts without spaces for ids and with one space for text', () => {
    expect(joinParts(['A6106112728K7Q2U0B100700117', '40901'], 'sbp_id')).toBe(
      'A6106112728K7Q2U0B10070011740901',
    )
    expect(joinParts(['Олег', 'Петрович К.'], 'name')).toBe('Олег Петрович К.')
  })
})
