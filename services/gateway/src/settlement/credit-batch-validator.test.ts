import { describe, expect, it } from 'vitest'
import { createCreditBatchValidator } from './credit-batch-validator'

const line = (id: string, extra: Record<string, unknown> = {}) => ({
  line_id: id,
  amount: 600,
  currency: 'RUB',
  credited_at: '2026-11-01T10:00:00Z',
  ...extra,
})

describe('createCreditBatchValidator', () => {
  const validate = createCreditBatchValidator()

  it('accepts a good batch', () => {
    expect(validate({ lines: [line('a'), line('b')] })).toMatchObject({ ok: true })
  })

  // Found by `npm run fuzz` (statements, credits): both were 202 at the gateway, then dead-lettered by
  // settlement (FerretDB refused a NUL and an amount_minor of Infinity), so the accepted line was never stored.
  it('refuses a schema-valid amount the store cannot hold, naming the line', () => {
    expect(validate({ lines: [line('a'), line('b', { amount: 1e308 })] })).toEqual({
      ok: false,
      details: [{ path: '/lines/1/amount', message: 'must be at most 10000000000000' }],
    })
  })

  it('refuses a control character in a text member', () => {
    expect(validate({ lines: [line('a', { payer_name: 'Иван\u0000И.' })] })).toEqual({
      ok: false,
      details: [{ path: '/lines/0/payer_name', message: 'must not contain control characters' }],
    })
  })
})
