import { describe, expect, it } from 'vitest'
import { KafkaStageError } from './errors'
import { assertEvent, compileSchema } from './event-validator'

const matched = {
  check_id: 'chk_01JD0000000000000000000000',
  tenant_id: 't1',
  match: {
    bank: true,
    amount: false,
    currency: true,
    recipient: null,
    window: true,
    type: true,
    status: true,
    payment_reference: true,
  },
}

describe('assertEvent', () => {
  it('accepts a value matching its topic schema', () => {
    expect(() => assertEvent('check.matched.v1', matched)).not.toThrow()
  })

  it('rejects a value with a permanent invalid_event error naming paths but not values', () => {
    const bad = { ...matched, check_id: 'secret-value-123', match: { ...matched.match, amount: 'yes' } }
    let caught: unknown
    try {
      assertEvent('check.matched.v1', bad)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(KafkaStageError)
    const error = caught as KafkaStageError
    expect(error.code).toBe('invalid_event')
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('/check_id')
    expect(error.message).toContain('/match/amount')
    expect(error.message).not.toContain('secret-value-123')
  })

  it('rejects a value of another topic', () => {
    expect(() => assertEvent('check.replay-checked.v1', matched)).toThrow(/does not match its schema/)
  })
})

describe('compileSchema', () => {
  it('validates draft-07 and 2020-12 schemas by their own dialect', () => {
    const draft07 = compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'integer' })
    expect(draft07(1)).toBe(true)
    expect(draft07(1.5)).toBe(false)
    // dependentRequired exists only from 2019-09 on: a draft-07 validator would refuse it in strict mode.
    const draft2020 = compileSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      dependentRequired: { a: ['b'] },
    })
    expect(draft2020({ a: 1, b: 2 })).toBe(true)
    expect(draft2020({ a: 1 })).toBe(false)
  })
})
