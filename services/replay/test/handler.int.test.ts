import { defaultProfile, exampleRecord } from '@rv/core'
import type { CheckExtractedV1 } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { handleExtracted } from '../src/handler'

const store = useTestStore('it-replay', connectStore)

function extracted(
  checkId: string,
  fileSha256: string,
  createdAt: string,
  tenantId = 'ten_a',
): CheckExtractedV1 {
  const fields = exampleRecord().fields
  return {
    check_id: checkId,
    tenant_id: tenantId,
    submission: {
      check_id: checkId,
      tenant_id: tenantId,
      created_at: createdAt,
      file: { bucket: 'b', key: 'k', sha256: fileSha256, size: 1, content_type: 'application/pdf' },
      expectation: {},
      profile: { name: 'default', version: 1 },
      mode: 'pdf',
    },
    extraction: { family: 'vtb/sbp_outgoing', fields, normalized_text_sha256: 'c'.repeat(64), facts: {} },
  }
}

describe('replay handler on the real registry', () => {
  it('sees the first submission as new, a byte-identical one and a re-downloaded one as replays', async () => {
    const deps = { register: store().replay.register }
    const first = await handleExtracted(
      extracted('chk_01REPLAY0000000000000001', 'a'.repeat(64), '2026-03-11T07:00:00Z'),
      deps,
    )
    expect(first?.replay).toEqual({ seen_before: false, duplicate_of: null, keys_matched: [] })

    const identical = await handleExtracted(
      extracted('chk_01REPLAY0000000000000002', 'a'.repeat(64), '2026-03-11T07:05:00Z'),
      deps,
    )
    expect(identical?.replay.seen_before).toBe(true)
    expect(identical?.replay.duplicate_of).toBe('chk_01REPLAY0000000000000001')
    expect(identical?.reasons).toEqual(['replay_identical_file'])

    // Same receipt content, different bytes (downloaded again).
    const again = await handleExtracted(
      extracted('chk_01REPLAY0000000000000003', 'b'.repeat(64), '2026-03-11T07:10:00Z'),
      deps,
    )
    expect(again?.replay.seen_before).toBe(true)
    expect(again?.replay.keys_matched).not.toContain('file_sha256')
    expect(again?.reasons).toEqual(['replay_same_receipt'])

    // Redelivery of the first check still judges it new.
    const redelivered = await handleExtracted(
      extracted('chk_01REPLAY0000000000000001', 'a'.repeat(64), '2026-03-11T07:00:00Z'),
      deps,
    )
    expect(redelivered?.replay.seen_before).toBe(false)
  })

  it('keeps tenants apart', async () => {
    const result = await handleExtracted(
      extracted('chk_01REPLAY0000000000000009', 'a'.repeat(64), '2026-03-11T08:00:00Z', 'ten_other'),
      { register: store().replay.register },
    )
    expect(result?.replay.seen_before).toBe(false)
  })

  it("with a cross-tenant profile, finds another tenant's receipt by global digests without naming it", async () => {
    const crossTenant = { ...defaultProfile, replay: { ...defaultProfile.replay, cross_tenant: true } }
    const saved = await store().profiles.save('ten_cross', 'default', { replay: crossTenant.replay })
    const deps = {
      register: store().replay.register,
      keySecret: 'it-secret',
      profile: (tenantId: string, ref: { name: string; version: number }) =>
        store().profiles.find(tenantId, ref.name, ref.version),
    }
    const file = 'e'.repeat(64)
    const atOrigin = extracted('chk_01CROSS00000000000000001', file, '2026-03-12T07:00:00Z', 'ten_origin')
    // The origin tenant keeps the default profile: its check is still registered globally only if its
    // profile opts in, so opt it in too (both sides share digests, neither sees the other's data).
    await store().profiles.save('ten_origin', 'default', { replay: crossTenant.replay })
    const pinned = (e: typeof atOrigin, version: number) => ({
      ...e,
      submission: { ...e.submission, profile: { name: 'default', version } },
    })
    expect((await handleExtracted(pinned(atOrigin, 2), deps))?.replay.seen_before).toBe(false)

    const atCross = pinned(
      extracted('chk_01CROSS00000000000000002', file, '2026-03-12T08:00:00Z', 'ten_cross'),
      saved.version,
    )
    const result = await handleExtracted(atCross, deps)
    expect(result?.replay).toEqual({
      seen_before: true,
      duplicate_of: null,
      keys_matched: ['file_sha256', 'content_hash', 'operation_id', 'semantic'],
    })
    expect(result?.reasons).toEqual(['replay_identical_file', 'replay_cross_tenant'])
    expect(JSON.stringify(result)).not.toContain('chk_01CROSS00000000000000001')
    expect(JSON.stringify(result)).not.toContain('ten_origin')

    // The stored global keys are HMAC digests: no value of the receipt is in them.
    const stored = await store()
      .db.collection('replay_keys')
      .find({ _id: { $regex: '^_global:' } as never })
      .toArray()
    expect(stored.length).toBeGreaterThan(0)
    const fields = exampleRecord().fields
    for (const doc of stored) {
      expect(doc.digest).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(doc)).not.toContain(String(fields.receipt_number))
      expect(doc.digest).not.toBe(file)
    }

    // The same receipt at a tenant on the default profile (no cross-tenant) stays unseen.
    const plain = extracted('chk_01CROSS00000000000000003', file, '2026-03-12T09:00:00Z', 'ten_plain')
    expect((await handleExtracted(plain, deps))?.replay.seen_before).toBe(false)
  })

  it("does not let a tenant probe another's payments with a made-up receipt of the same amount, payee and minute", async () => {
    const replay = { ...defaultProfile.replay, cross_tenant: true }
    for (const tenant of ['ten_payee', 'ten_prober'])
      await store().profiles.save(tenant, 'default', { replay })
    const deps = {
      register: store().replay.register,
      keySecret: 'it-secret',
      profile: (tenantId: string, ref: { name: string; version: number }) =>
        store().profiles.find(tenantId, ref.name, ref.version),
    }
    /** A check pinned to the tenant's cross-tenant profile (v2), with its own receipt number and text. */
    const check = (
      id: string,
      file: string,
      at: string,
      tenant: string,
      receipt: string | null,
      text: string,
    ) => {
      const e = extracted(id, file, at, tenant)
      const extraction = e.extraction as NonNullable<CheckExtractedV1['extraction']>
      return {
        ...e,
        submission: { ...e.submission, profile: { name: 'default', version: 2 } },
        extraction: {
          ...extraction,
          fields: { ...exampleRecord().fields, receipt_number: receipt },
          normalized_text_sha256: text,
        },
      }
    }
    const receipt = 'B6042071012K4Q270000070011700202'
    const real = check(
      'chk_01PROBE00000000000000001',
      '1'.repeat(64),
      '2026-03-13T07:00:00Z',
      'ten_payee',
      receipt,
      'c'.repeat(64),
    )
    expect((await handleExtracted(real, deps))?.replay.seen_before).toBe(false)
    // Same amount, currency, recipient and minute; no operation id; its own file and text.
    const probe = check(
      'chk_01PROBE00000000000000002',
      '2'.repeat(64),
      '2026-03-13T08:00:00Z',
      'ten_prober',
      null,
      'd'.repeat(64),
    )
    const result = await handleExtracted(probe, deps)
    expect(result?.replay.seen_before).toBe(false)
    expect(result?.reasons).toEqual([])
    // Only file digests and operation ids are keys in the global space.
    const kinds = await store()
      .db.collection('replay_keys')
      .distinct('kind', { _id: { $regex: '^_global:' } as never })
    expect(kinds.sort()).toEqual(['file_sha256', 'operation_id'])
  })
})
