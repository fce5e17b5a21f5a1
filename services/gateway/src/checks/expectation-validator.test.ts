import { describe, expect, it } from 'vitest'
import { createExpectationValidator } from './expectation-validator'

const validate = createExpectationValidator()

describe('createExpectationValidator', () => {
  it('accepts an absent part as the empty expectation', () => {
    expect(validate(undefined)).toEqual({ ok: true, value: {} })
  })

  it('accepts a full valid expectation', () => {
    const value = {
      order_ref: 'o-1',
      amount: 1050.5,
      currency: 'RUB',
      recipient: { name: 'Иван И.', phone: '+7 900 ***-**-67' },
      bank: ['sberbank', 'vtb'],
      window: { from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z' },
      type: 'client_transfer',
      payment_reference: 'INV-7',
    }
    expect(validate(JSON.stringify(value))).toEqual({ ok: true, value })
  })

  it('names each offending member by JSON pointer', () => {
    const result = validate(JSON.stringify({ amount: -5, currency: 'rub', colour: 'red' }))
    expect(result.ok).toBe(false)
    if (result.ok) return
    const paths = result.details.map((d) => d.path)
    expect(paths).toContain('/amount')
    expect(paths).toContain('/currency')
    expect(paths).toContain('/colour')
  })

  it('rejects text that is not JSON', () => {
    expect(validate('{amount:')).toEqual({ ok: false, details: [{ path: '', message: 'is not valid JSON' }] })
  })

  it('applies rules beyond the schema', () => {
    const result = validate(
      JSON.stringify({ window: { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' } }),
    )
    expect(result).toMatchObject({ ok: false, details: [{ path: '/window' }] })
  })
})
