import type { ReceiptFields } from '@rv/schemas'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import { matchExpectation } from './match-expectation'
import { validateExpectation } from './parse-expectation'

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('+7 (900) ***-**-67', '*1234', 'Софья Т.', 'Ж**в А.', '', '   '),
)
const nullable = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null })
const fieldsArb: fc.Arbitrary<ReceiptFields> = fc.record({
  ...Object.fromEntries(Object.keys(exampleRecord().fields).map((k) => [k, fc.constant(null)])),
  bank: nullable(text),
  amount: nullable(fc.double({ min: -1e12, max: 1e12, noNaN: true })),
  currency: nullable(fc.constantFrom('RUB', 'RUR', 'USD', 'JPY', 'KWD')),
  type: nullable(fc.constantFrom('client_transfer', 'salary', 'other' as const)),
  status_ok: nullable(fc.boolean()),
  receipt_number: nullable(text),
  paid_at: nullable(
    fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.string(),
    ),
  ),
  paid_at_source: nullable(fc.constantFrom('printed', 'receipt_number' as const)),
  recipient_name: nullable(text),
  recipient_account: nullable(text),
  payment_reference: nullable(text),
  purpose: nullable(text),
  confidence: fc.constant({}),
}) as fc.Arbitrary<ReceiptFields>

const expectationArb = fc.record(
  {
    amount: fc.double({ min: 0.01, max: 1e9, noNaN: true }).map((x) => Math.round(x * 100) / 100),
    amount_tolerance: fc.integer({ min: 0, max: 1000 }),
    currency: fc.constantFrom('RUB', 'USD'),
    recipient: fc.record(
      {
        name: fc.string({ minLength: 1 }),
        phone: fc.string({ minLength: 4, maxLength: 32 }),
        card: fc.string({ minLength: 4, maxLength: 32 }),
      },
      { requiredKeys: [] },
    ),
    bank: fc.oneof(
      fc.string({ minLength: 1 }),
      fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 3 }),
    ),
    window: fc.oneof(
      fc.record({
        at: fc
          .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
          .map((d) => d.toISOString()),
      }),
      fc.record({ from: fc.constant('2026-01-01T00:00:00Z') }),
    ),
    type: fc.constantFrom('client_transfer', 'other'),
    payment_reference: fc.string({ minLength: 1, maxLength: 50 }),
  },
  { requiredKeys: [] },
)

describe('matchExpectation on arbitrary input', () => {
  it('never throws, always answers eight booleans, and an unasked flag is true', () => {
    fc.assert(
      fc.property(fieldsArb, expectationArb, (fields, expectation) => {
        const parsed = validateExpectation(expectation)
        fc.pre(parsed.ok)
        if (!parsed.ok) return
        const flags = matchExpectation(fields, parsed.value)
        expect(Object.keys(flags)).toHaveLength(8)
        for (const v of Object.values(flags)) expect(typeof v).toBe('boolean')
        if (expectation.amount === undefined) expect(flags.amount).toBe(true)
        if (expectation.recipient === undefined) expect(flags.recipient).toBe(true)
        if (expectation.bank === undefined) expect(flags.bank).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
