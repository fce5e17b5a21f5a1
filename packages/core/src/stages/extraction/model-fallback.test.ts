import type { ReceiptFields } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { emptyFields } from '../../vocabulary/empty-blocks'
import type { GroundedReading } from './ground-model-fields'
import { defaultModelPolicy, fieldsNeedingModel, mergeModelFields, modelWanted } from './model-fallback'

function fields(partial: Partial<ReceiptFields>): ReceiptFields {
  return { ...emptyFields(), source: 'pdf_text', ...partial }
}

const complete = fields({
  amount: 100,
  currency: 'RUB',
  paid_at: '2026-02-11T07:10:12Z',
  paid_at_source: 'printed',
  receipt_number: 'R1',
  confidence: { amount: 0.99, currency: 0.99, paid_at: 0.99, receipt_number: 0.99 },
})

describe('modelWanted', () => {
  it('when_needed: only when a required field is missing or weak', () => {
    expect(modelWanted(complete, defaultModelPolicy)).toBe(false)
    const weak = { ...complete, confidence: { ...complete.confidence, amount: 0.5 } }
    expect(fieldsNeedingModel(weak, defaultModelPolicy)).toEqual(['amount'])
    expect(modelWanted(weak, defaultModelPolicy)).toBe(true)
    expect(fieldsNeedingModel(fields({}), defaultModelPolicy)).toEqual(defaultModelPolicy.required_fields)
  })

  it('always and never override the reading', () => {
    expect(modelWanted(complete, { ...defaultModelPolicy, use: 'always' })).toBe(true)
    expect(modelWanted(fields({}), { ...defaultModelPolicy, use: 'never' })).toBe(false)
  })
})

describe('mergeModelFields', () => {
  const grounded: GroundedReading = {
    values: {
      amount: 200,
      receipt_number: 'R2',
      paid_at: '2026-02-11T07:10:00Z',
      paid_at_source: 'model',
      sender_name: 'Х',
    },
    confidence: { amount: 0.85, receipt_number: 0.99, paid_at: 0.3, sender_name: 0.3 },
    reasons: ['vlm_ungrounded:paid_at', 'vlm_ungrounded:sender_name'],
  }

  it('never replaces a value read with higher confidence', () => {
    const { fields: merged, taken } = mergeModelFields(complete, grounded)
    expect(merged.amount).toBe(100)
    expect(merged.paid_at_source).toBe('printed')
    expect(taken).toEqual(['sender_name'])
    expect(merged.confidence.sender_name).toBe(0.3)
    expect(merged.source).toBe('vlm')
  })

  it('fills empty and weaker fields, paid_at_source following paid_at', () => {
    const base = fields({ amount: 20, confidence: { amount: 0.5 } })
    const { fields: merged, taken } = mergeModelFields(base, grounded)
    expect(taken).toEqual(['amount', 'receipt_number', 'paid_at', 'sender_name'])
    expect(merged).toMatchObject({
      amount: 200,
      receipt_number: 'R2',
      paid_at_source: 'model',
      source: 'vlm',
    })
    expect(merged.confidence).toEqual({ amount: 0.85, receipt_number: 0.99, paid_at: 0.3, sender_name: 0.3 })
    expect(base.confidence).toEqual({ amount: 0.5 }) // the input is not mutated
  })

  it('nothing taken: the fields are unchanged', () => {
    expect(mergeModelFields(complete, { values: {}, confidence: {}, reasons: [] }).fields).toEqual(complete)
  })
})
