import { describe, expect, it } from 'vitest'
import { replayKeyClaims } from './register-keys'

const keys = { semantic: 's1', file_sha256: 'f1', operation_id: 'o1', content_hash: 'c1' }
const input = { tenantId: 'ten_a', checkId: 'chk_1', createdAt: '2026-03-11T12:00:00.000Z', keys }

describe('replayKeyClaims', () => {
  it('claims every kind with a digest in the fixed order, in the tenant space', () => {
    expect(replayKeyClaims(input).map((c) => c._id)).toEqual([
      'ten_a:file_sha256:f1',
      'ten_a:content_hash:c1',
      'ten_a:operation_id:o1',
      'ten_a:semantic:s1',
    ])
    expect(replayKeyClaims(input)[0]).toEqual({
      _id: 'ten_a:file_sha256:f1',
      tenant_id: 'ten_a',
      kind: 'file_sha256',
      digest: 'f1',
      check_id: 'chk_1',
      created_at: '2026-03-11T12:00:00.000Z',
      // Every key of the check: a later check colliding on any one learns them all from it.
      keys,
    })
  })

  it('claims only the cross-tenant kinds in the global space, owned by the tenant', () => {
    const claims = replayKeyClaims({ ...input, scope: 'global' })
    expect(claims.map((c) => c._id)).toEqual(['_global:file_sha256:f1', '_global:operation_id:o1'])
    expect(claims.every((c) => c.tenant_id === 'ten_a')).toBe(true)
  })

  it('skips a kind without a digest', () => {
    expect(replayKeyClaims({ ...input, keys: { file_sha256: 'f1' } }).map((c) => c.kind)).toEqual([
      'file_sha256',
    ])
  })
})
