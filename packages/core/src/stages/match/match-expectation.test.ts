import type { ReceiptFields } from '@rv/schemas'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import { canonicalBank, matchBank } from './bank-aliases'
import { matchAmount, toMinorUnits } from './match-amount'
import { matchExpectation } from './match-expectation'
import { matchReference } from './match-reference'
import { matchWindow } from './match-window'

const fields = (over: Partial<ReceiptFields> = {}): ReceiptFields => ({ ...exampleRecord().fields, ...over })

describe('matchExpectation', () => {
  it('an empty expectation contradicts nothing but a failed status', () => {
    expect(matchExpectation(fields(), {})).toEqual({
      bank: true,
      amount: true,
      currency: true,
      recipient: true,
      window: true,
      type: true,
      status: true,
      payment_reference: true,
    })
    expect(matchExpectation(fields({ status_ok: null }), {}).status).toBe(false)
    expect(matchExpectation(fields({ status_ok: false }), {}).status).toBe(false)
  })

  it('a field the receipt does not show fails a flag that was asked', () => {
    const empty = fields({
      amount: null,
      bank: null,
      paid_at: null,
      type: null,
      recipient_name: null,
      recipient_account: null,
    })
    const flags = matchExpectation(empty, {
      amount: 600,
      bank: 'sberbank',
      window: { from: '2026-02-11T00:00:00Z' },
      type: 'client_transfer',
      recipient: { name: 'Софья Т.' },
    })
    expect(flags).toMatchObject({ amount: false, bank: false, window: false, type: false, recipient: false })
  })

  it('matches the example receipt on everything it shows', () => {
    const flags = matchExpectation(fields(), {
      amount: 600,
      currency: 'RUB',
      recipient: { name: 'Тимофеева Софья', phone: '+7 (900) ***-**-67' },
      bank: ['Сбербанк', 'vtb'],
      window: { at: '2026-02-11T07:05:00Z', tolerance_seconds: 600 },
      type: ['client_transfer', 'card_transfer'],
    })
    expect(Object.values(flags).every((f) => f === true)).toBe(true)
  })

  it('recipient identifiers are alternatives of matching kind', () => {
    const f = fields({ recipient_account: '+7 (900) 123‑45‑67' })
    expect(
      matchExpectation(f, { recipient: { phone: '89001234567', card: '2200 1234 5678 9012' } }).recipient,
    ).toBe(true)
    expect(matchExpectation(f, { recipient: { card: '2200 1234 5678 4567' } }).recipient).toBe(false)
    expect(matchExpectation(f, { recipient: { phone: '+7 900 765 43 21' } }).recipient).toBe(false)
    expect(
      matchExpectation(f, { recipient: { name: 'Софья Т.', phone: '+7 900 765 43 21' } }).recipient,
    ).toBe(false)
  })

  it('amount: minor units, tolerance, never another currency', () => {
    expect(matchExpectation(fields({ amount: 1050.1 }), { amount: 1050.1 }).amount).toBe(true)
    expect(matchExpectation(fields({ amount: 0.1 + 0.2 }), { amount: 0.3 }).amount).toBe(true)
    expect(matchExpectation(fields({ amount: 1050.1 }), { amount: 1050.11 }).amount).toBe(false)
    expect(matchExpectation(fields({ amount: 1050.1 }), { amount: 1050, amount_tolerance: 0.1 }).amount).toBe(
      true,
    )
    expect(
      matchExpectation(fields({ amount: 1050.11 }), { amount: 1050, amount_tolerance: 0.1 }).amount,
    ).toBe(false)
    expect(matchExpectation(fields({ currency: 'USD' }), { amount: 600 }).amount).toBe(false)
    expect(matchExpectation(fields({ currency: 'RUR' }), { amount: 600, currency: 'RUB' })).toMatchObject({
      amount: true,
      currency: true,
    })
    expect(matchExpectation(fields(), { amount: 600, currency: 'USD' })).toMatchObject({
      amount: false,
      currency: false,
    })
    expect(matchExpectation(fields({ amount: 610 }), { amount: 600 }, { amountTolerance: 10 }).amount).toBe(
      true,
    )
  })

  it('amount within tolerance is exactly |a-b| <= t in kopecks', () => {
    const kopecks = fc.integer({ min: 1, max: 10_000_000 })
    fc.assert(
      fc.property(kopecks, kopecks, fc.integer({ min: 0, max: 50_000 }), (a, b, t) => {
        const ok = matchAmount({
          printed: a / 100,
          printedCurrency: 'RUB',
          expected: b / 100,
          expectedCurrency: 'RUB',
          tolerance: t / 100,
        })
        expect(ok).toBe(Math.abs(a - b) <= t)
        expect(
          matchAmount({
            printed: a / 100,
            printedCurrency: 'KZT',
            expected: a / 100,
            expectedCurrency: 'RUB',
            tolerance: t / 100,
          }),
        ).toBe(false)
      }),
    )
    expect(toMinorUnits(1000, 'JPY')).toBe(1000)
  })

  it('window: inclusive bounds, a printed minute is the whole minute', () => {
    const w = { from: '2026-02-11T07:10:30Z', to: '2026-02-11T08:00:00Z' }
    expect(matchWindow('2026-02-11T07:10:12Z', 'receipt_number', w)).toBe(false)
    expect(matchWindow('2026-02-11T07:10:00Z', 'printed', w)).toBe(true)
    expect(matchWindow('2026-02-11T08:00:00Z', 'receipt_number', w)).toBe(true)
    expect(matchWindow('2026-02-11T08:00:00.001Z', 'receipt_number', w)).toBe(false)
    expect(matchWindow('2026-02-11T08:01:00Z', 'printed', w)).toBe(false)
    expect(matchWindow('2026-02-11T07:20:00Z', 'receipt_number', { at: '2026-02-11T07:05:00Z' })).toBe(true)
    expect(matchWindow('2026-02-11T07:20:01Z', 'receipt_number', { at: '2026-02-11T07:05:00Z' })).toBe(false)
    expect(matchWindow('not a date', 'printed', w)).toBe(false)
  })

  it('bank: ids and names, U+2011 hyphens, legal forms', () => {
    expect(canonicalBank('Альфа‑Банк')).toBe('alfabank')
    expect(canonicalBank('Т‑Банк')).toBe('tbank')
    expect(canonicalBank('Тинькофф')).toBe('tbank')
    expect(canonicalBank('Банк ВТБ (ПАО)')).toBe('vtb')
    expect(canonicalBank('Озон Банк (Ozon)')).toBe('ozonbank')
    expect(canonicalBank('GPB')).toBe('gazprombank')
    expect(canonicalBank('Sber')).toBe('sberbank')
    expect(canonicalBank('Неизвестный банк')).toBeNull()
    expect(matchBank('Сбербанк', ['sberbank'])).toBe(true)
    expect(matchBank('sberbank', ['Сбер', 'vtb'])).toBe(true)
    expect(matchBank('Т‑Банк', ['Tinkoff'])).toBe(true)
    expect(matchBank('Т‑Банк', ['alfabank'])).toBe(false)
    expect(matchBank('Банк Точка', ['Точка'])).toBe(true)
    expect(matchBank('Банк Точка', ['sberbank'])).toBe(false)
  })

  it('payment reference: an operation number or a whole token of the purpose', () => {
    const f = fields({ purpose: 'Оплата заказа №123-45, спасибо', payment_reference: 'C160703261234567' })
    expect(matchReference(f, '123-45')).toBe(true)
    expect(matchReference(f, '123-4')).toBe(false)
    expect(matchReference(f, '123')).toBe(false)
    expect(matchReference(f, 'c160703261234567')).toBe(true)
    expect(matchReference(f, 'B6042071012K4Q270000070011700101')).toBe(true)
    expect(matchReference(fields({ purpose: null }), 'x1')).toBe(false)
  })
})
