import { exampleRecord } from '@rv/core'
import { matchExpectation } from '@rv/core/match'
import type { CheckExtractedV1, Expectation } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { handleExtracted } from './handler'

const fields = exampleRecord().fields
const deps = { matchExpectation, optionsFor: async () => ({}) }

function extracted(expectation: Expectation, ok = true): CheckExtractedV1 {
  return {
    check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
    tenant_id: 'ten_a',
    submission: {
      check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
      tenant_id: 'ten_a',
      created_at: '2026-03-11T07:12:00.000Z',
      file: { bucket: 'b', key: 'k', sha256: 'a'.repeat(64), size: 1, content_type: 'application/pdf' },
      expectation,
      profile: { name: 'default', version: 1 },
      mode: 'pdf',
    },
    extraction: ok
      ? { family: 'vtb/sbp_outgoing', fields, normalized_text_sha256: 'b'.repeat(64), facts: {} }
      : null,
    ...(ok ? {} : { error: { code: 'pdf_unreadable', message: 'x', retryable: false } }),
  }
}

describe('matching handleExtracted', () => {
  it('compares the extracted fields with the expectation of the submission', async () => {
    const agreeing = await handleExtracted(extracted({ amount: fields.amount ?? 0, currency: 'RUB' }), deps)
    expect(agreeing?.match.amount).toBe(true)
    expect(agreeing?.match.currency).toBe(true)
    const differing = await handleExtracted(extracted({ amount: (fields.amount ?? 0) + 1 }), deps)
    expect(differing?.match.amount).toBe(false)
    expect(differing?.check_id).toBe('chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W')
  })

  it('publishes nothing for a failed extraction', async () => {
    expect(await handleExtracted(extracted({}, false), deps)).toBeNull()
  })
})
