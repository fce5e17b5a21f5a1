import { exampleRecord } from '@rv/core'
import { defaultProfile } from '@rv/core/decision'
import { matchExpectation } from '@rv/core/match'
import type { CheckExtractedV1 } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { handleExtracted } from '../src/handler'

const store = useTestStore('it-matching', connectStore)

const fields = exampleRecord().fields

function extracted(tenantId: string, profile: { name: string; version: number }): CheckExtractedV1 {
  return {
    check_id: 'chk_01MATCH0000000000000001',
    tenant_id: tenantId,
    submission: {
      check_id: 'chk_01MATCH0000000000000001',
      tenant_id: tenantId,
      created_at: '2026-03-11T07:12:00.000Z',
      file: { bucket: 'b', key: 'k', sha256: 'a'.repeat(64), size: 1, content_type: 'application/pdf' },
      expectation: { amount: (fields.amount ?? 0) + 5 },
      profile,
      mode: 'pdf',
    },
    extraction: { family: 'vtb/sbp_outgoing', fields, normalized_text_sha256: 'b'.repeat(64), facts: {} },
  }
}

describe('matching with the pinned profile from the store', () => {
  it("applies the tenant's own profile version (a wider amount tolerance) only to its checks", async () => {
    const deps = {
      matchExpectation,
      optionsFor: async (tenantId: string, ref: { name: string; version: number }) => {
        const profile = (await store().profiles.find(tenantId, ref.name, ref.version)) ?? defaultProfile
        return {
          minVisibleDigits: profile.match.min_visible_digits,
          amountTolerance: profile.match.amount_tolerance,
        }
      },
    }
    const saved = await store().profiles.save('ten_loose', 'default', { match: { amount_tolerance: 10 } })
    const pinned = { name: saved.name, version: saved.version }
    expect((await handleExtracted(extracted('ten_loose', pinned), deps))?.match.amount).toBe(true)
    expect(
      (await handleExtracted(extracted('ten_strict', { name: 'default', version: 1 }), deps))?.match.amount,
    ).toBe(false)
  })
})
