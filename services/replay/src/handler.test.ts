import { createHash } from 'node:crypto'
import { defaultProfile, exampleRecord, type ReplayKeys, runCheckDetailed } from '@rv/core'
import { deriveReplayKeys, normalizedTextDigest } from '@rv/core/replay'
import { generateReceipt } from '@rv/generator'
import type { CheckExtractedV1 } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { handleExtracted } from './handler'

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const fields = exampleRecord().fields
const event: CheckExtractedV1 = {
  check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
  tenant_id: 'ten_a',
  submission: {
    check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
    tenant_id: 'ten_a',
    created_at: '2026-03-11T07:12:00.000Z',
    file: { bucket: 'b', key: 'k', sha256: 'a'.repeat(64), size: 1, content_type: 'application/pdf' },
    expectation: {},
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  },
  extraction: { family: 'sber/sbp', fields, normalized_text_sha256: 'c'.repeat(64), facts: {} },
}

describe('replay handleExtracted', () => {
  it('registers the keys derived from the extraction and reports a first submission as new', async () => {
    const registered: ReplayKeys[] = []
    const result = await handleExtracted(event, {
      register: async ({ keys }) => {
        registered.push(keys)
        return []
      },
    })
    const expected = deriveReplayKeys({
      fileSha256: 'a'.repeat(64),
      extraction: { family: 'sber/sbp', fields, normalizedTextSha256: 'c'.repeat(64) },
      tenantId: 'ten_a',
    })
    expect(registered).toEqual([expected])
    expect(expected.file_sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(result).toEqual({
      check_id: event.check_id,
      tenant_id: 'ten_a',
      replay: { seen_before: false, duplicate_of: null, keys_matched: [] },
      reasons: [],
    })
  })

  it('judges against the earlier check the registry returns', async () => {
    let keys: ReplayKeys = {}
    await handleExtracted(event, {
      register: async (input) => {
        keys = input.keys
        return []
      },
    })
    const result = await handleExtracted(
      { ...event, check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S9X' },
      { register: async () => [{ checkId: event.check_id, createdAt: '2026-03-11T07:00:00.000Z', keys }] },
    )
    expect(result?.replay).toEqual({
      seen_before: true,
      duplicate_of: event.check_id,
      keys_matched: expect.arrayContaining(['file_sha256']),
    })
    expect(result?.reasons).toEqual(['replay_identical_file'])
  })

  it('does nothing for a failed extraction', async () => {
    const register = async () => {
      throw new Error('must not register')
    }
    expect(await handleExtracted({ ...event, extraction: null }, { register })).toBeNull()
  })
})

describe('replay keys parity', () => {
  it('the service handler and runCheck derive identical keys for one generated receipt', async () => {
    const { pdf } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'replay-parity' })
    const checkId = 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W'
    let inProcess: ReplayKeys = {}
    const run = await runCheckDetailed({
      bytes: pdf,
      expectation: {},
      tenantId: 'ten_a',
      profile: defaultProfile,
      now: new Date('2026-03-11T07:12:00.000Z'),
      checkId,
      replayKeySecret: 'parity-secret',
      replayLookup: ({ keys }) => {
        inProcess = keys
        return []
      },
    })
    const extraction = run.extraction
    if (!extraction) throw new Error('the generated receipt was not extracted')
    // What the extraction service puts on the bus for this receipt.
    const extracted: CheckExtractedV1 = {
      ...event,
      extraction: {
        family: extraction.family,
        fields: extraction.fields,
        normalized_text_sha256: normalizedTextDigest(extraction.normalizedText),
        facts: {},
      },
      submission: { ...event.submission, file: { ...event.submission.file, sha256: sha256Hex(pdf) } },
    }
    let viaService: ReplayKeys = {}
    await handleExtracted(extracted, {
      keySecret: 'parity-secret',
      register: async ({ keys }) => {
        viaService = keys
        return []
      },
    })
    expect(Object.keys(inProcess).sort()).toEqual(['content_hash', 'file_sha256', 'operation_id', 'semantic'])
    expect(viaService).toEqual(inProcess)
  }, 60_000)
})

describe('cross-tenant replay', () => {
  const crossTenant = { ...defaultProfile, replay: { ...defaultProfile.replay, cross_tenant: true } }
  const scopes = async (deps: Partial<Parameters<typeof handleExtracted>[1]>) => {
    const seen: (string | undefined)[] = []
    await handleExtracted(event, {
      register: async ({ scope }) => {
        seen.push(scope)
        return []
      },
      ...deps,
    })
    return seen
  }

  it('registers global keys only for a cross-tenant profile with the system secret', async () => {
    expect(await scopes({ keySecret: 's', profile: async () => crossTenant })).toEqual([undefined, 'global'])
    expect(await scopes({ keySecret: 's', profile: async () => defaultProfile })).toEqual([undefined])
    expect(await scopes({ profile: async () => crossTenant })).toEqual([undefined])
  })

  it('counts a foreign holder as replay_cross_tenant and never discloses its id', async () => {
    const result = await handleExtracted(event, {
      keySecret: 's',
      profile: async () => crossTenant,
      register: async ({ keys, scope }) =>
        scope === 'global'
          ? [{ checkId: 'chk_SECRET_OTHER', createdAt: '2026-03-01T00:00:00.000Z', keys, foreign: true }]
          : [],
    })
    expect(result?.replay).toMatchObject({ seen_before: true, duplicate_of: null })
    expect(result?.reasons).toEqual(['replay_identical_file', 'replay_cross_tenant'])
    expect(JSON.stringify(result)).not.toContain('chk_SECRET_OTHER')
  })
})
