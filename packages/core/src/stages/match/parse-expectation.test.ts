import { expectationSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import checkRecordSchema from '../../../../../schemas/json/check-record.schema.json'
import { parseExpectation, validateExpectation } from './parse-expectation'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)
ajv.addSchema(checkRecordSchema, 'check-record.schema.json')
const schemaValid = ajv.compile(expectationSchema)

describe('parseExpectation', () => {
  it('accepts the empty part and a full expectation', () => {
    expect(parseExpectation(undefined)).toEqual({ ok: true, value: {} })
    expect(parseExpectation('  ')).toEqual({ ok: true, value: {} })
    const full = {
      order_ref: 'A-1',
      amount: 1050.5,
      amount_tolerance: 1,
      currency: 'RUB',
      recipient: { name: 'Александр Ж.', phone: '+7 (900) ***-**-67' },
      bank: ['sberbank', 'Т‑Банк'],
      window: { from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00+03:00' },
      type: 'client_transfer',
      payment_reference: 'order 77',
    }
    expect(parseExpectation(JSON.stringify(full))).toEqual({ ok: true, value: full })
  })

  it.each([
    ['{', ''],
    ['[]', ''],
    ['{"amount": -1}', '/amount'],
    ['{"amount": "10"}', '/amount'],
    ['{"amount": 10.001}', '/amount'],
    ['{"currency": "rub"}', '/currency'],
    ['{"recipient": {}}', '/recipient'],
    ['{"recipient": {"phone": 79001234567}}', '/recipient/phone'],
    ['{"recipient": {"iban": "x"}}', '/recipient/iban'],
    ['{"window": {"from": "2026-03-01"}}', '/window/from'],
    ['{"window": {"from": "2026-03-02T00:00:00Z", "to": "2026-03-01T00:00:00Z"}}', '/window'],
    ['{"window": {"at": "2026-03-02T00:00:00Z", "tolerance_seconds": 1.5}}', '/window/tolerance_seconds'],
    ['{"type": ["client_transfer", "gift"]}', '/type/1'],
    ['{"bank": []}', '/bank'],
    ['{"surprise": 1}', '/surprise'],
    ['{"a/b": 1}', '/a~1b'],
  ])('%s is refused at %s', (text, path) => {
    const result = parseExpectation(text)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problems.map((p) => p.path)).toContain(path)
  })

  it('refuses control characters in names and references (a NUL cannot be stored)', () => {
    const text = JSON.stringify({ order_ref: 'a\u0000b', recipient: { name: 'Ivan\tI.' }, bank: ['vtb\n'] })
    const result = parseExpectation(text)
    expect(result.ok ? [] : result.problems.map((p) => `${p.path} ${p.message}`).sort()).toEqual([
      '/bank/0 must not contain control characters',
      '/order_ref must not contain control characters',
      '/recipient/name must not contain control characters',
    ])
  })

  it('reports every problem, not only the first', () => {
    const result = parseExpectation('{"amount": 0, "currency": "R", "type": "x"}')
    expect(result.ok ? [] : result.problems.map((p) => p.path).sort()).toEqual([
      '/amount',
      '/currency',
      '/type',
    ])
  })

  // Arbitrary JSON plus near-valid expectations, so both branches get exercised.
  const nearValid = fc.record(
    {
      amount: fc.oneof(fc.integer({ min: -5, max: 100000 }), fc.constant('1')),
      currency: fc.constantFrom('RUB', 'USD', 'rub', 'RUBL'),
      recipient: fc.oneof(
        fc.record({ name: fc.string({ maxLength: 5 }) }, { requiredKeys: [] }),
        fc.constant(null),
      ),
      type: fc.oneof(fc.constantFrom('client_transfer', 'salary', 'gift'), fc.constant(['other'])),
      bank: fc.oneof(fc.string({ maxLength: 4 }), fc.array(fc.constantFrom('vtb', ''), { maxLength: 3 })),
      window: fc.oneof(
        fc.record({ at: fc.constantFrom('2026-03-01T00:00:00Z', 'yesterday') }),
        fc.record({ from: fc.constant('2026-03-01T00:00:00Z') }, { requiredKeys: [] }),
      ),
    },
    { requiredKeys: [] },
  )

  it('agrees with the JSON Schema on what is valid (the validator may only be stricter)', () => {
    fc.assert(
      fc.property(fc.oneof(nearValid, fc.jsonValue()), (value) => {
        const ours = validateExpectation(value).ok
        const theirs = schemaValid(value)
        if (ours) expect(theirs).toBe(true)
        // Stricter only for the documented extra rules (minor units, from <= to).
        if (theirs && !ours) {
          const problems = (validateExpectation(value) as { problems: { message: string }[] }).problems
          expect(
            problems.every((p) => /decimal places|from must not be after to|too large/.test(p.message)),
          ).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
  })
})
