import { evolve, exampleRecord, initialState } from '@rv/core'
import { describe, expect, it } from 'vitest'
import { resultEvent, submissionInfo } from './to-aggregate-event'

const record = exampleRecord()
const ids = { check_id: record.id, tenant_id: 'ten_a' }

describe('resultEvent', () => {
  it('maps each result topic to its stage slot and domain event', () => {
    expect(resultEvent({ topic: 'check.matched.v1', value: { ...ids, match: record.match } })).toEqual({
      stage: 'matching',
      event: { type: 'matched', match: record.match, error: null },
    })
    const error = { code: 'stage_failed', message: 'x', retryable: true }
    expect(
      resultEvent({ topic: 'check.authenticated.v1', value: { ...ids, document: record.document, error } }),
    ).toEqual({ stage: 'authenticity', event: { type: 'authenticated', document: record.document, error } })
    expect(
      resultEvent({
        topic: 'check.replay-checked.v1',
        value: { ...ids, replay: record.replay, reasons: ['r'] },
      }).stage,
    ).toBe('replay')
  })

  it('keeps only family and fields of an extraction, and its priced model calls', () => {
    const calls = [{ model: 'm', prompt_tokens: 10, completion_tokens: 2, usd: 0.000001 }]
    const { event } = resultEvent({
      topic: 'check.extracted.v1',
      value: {
        ...ids,
        model_calls: calls,
        submission: {
          ...ids,
          created_at: record.created_at,
          file: { bucket: 'b', key: 'k', sha256: 'a'.repeat(64), size: 1, content_type: 'application/pdf' },
          expectation: {},
          profile: { name: 'default', version: 1 },
          mode: 'pdf',
        },
        extraction: {
          family: 'vtb/x',
          fields: record.fields,
          normalized_text_sha256: 'b'.repeat(64),
          facts: { a: 1 },
        },
      },
    })
    expect(event).toEqual({
      type: 'extracted',
      extraction: { family: 'vtb/x', fields: record.fields },
      error: null,
      modelCalls: calls,
    })
  })

  it('keeps where each field was read in the extraction slot, for the review console, and not in the record', () => {
    const at = { field: 'amount', page: 1, left: 0.6, top: 0.3, width: 0.1, height: 0.02 }
    const value = {
      ...ids,
      submission: {
        ...ids,
        created_at: record.created_at,
        file: { bucket: 'b', key: 'k', sha256: 'a'.repeat(64), size: 1, content_type: 'application/pdf' },
        expectation: {},
        profile: { name: 'default', version: 1 },
        mode: 'pdf' as const,
      },
      extraction: {
        family: 'vtb/x',
        fields: record.fields,
        normalized_text_sha256: 'b'.repeat(64),
        facts: {},
      },
      field_locations: [at],
    }
    const { event } = resultEvent({ topic: 'check.extracted.v1', value })
    expect(event).toMatchObject({ type: 'extracted', fieldLocations: [at] })
    // The record is built from the state, which keeps family and fields only.
    expect(evolve(initialState, event).extraction).toEqual({ family: 'vtb/x', fields: record.fields })
  })
})

describe('submissionInfo', () => {
  it('takes the order reference from the expectation', () => {
    const info = submissionInfo({
      ...ids,
      created_at: record.created_at,
      file: { bucket: 'b', key: 'k', sha256: 'a'.repeat(64), size: 1, content_type: 'application/pdf' },
      expectation: { order_ref: 'o-9' },
      profile: { name: 'default', version: 2 },
      mode: 'pdf',
    })
    expect(info).toEqual({
      checkId: record.id,
      tenantId: 'ten_a',
      createdAt: record.created_at,
      orderRef: 'o-9',
      profile: { name: 'default', version: 2 },
      mode: 'pdf',
    })
  })
})
