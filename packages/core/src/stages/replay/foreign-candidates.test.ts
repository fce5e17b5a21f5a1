import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import { deriveReplayKeys, normalizedTextDigest } from './derive-replay-keys'
import { asForeignCandidate } from './foreign-candidates'
import { judgeReplay } from './judge-replay'

const extraction = (amount = 600) => ({
  family: 'vtb/sbp_outgoing',
  fields: { ...exampleRecord().fields, amount },
  normalizedTextSha256: normalizedTextDigest(`receipt ${amount}`),
})
const keys = (tenantId: string, file: string, scope: 'tenant' | 'global', amount = 600) =>
  deriveReplayKeys({
    fileSha256: file.repeat(64),
    extraction: extraction(amount),
    tenantId,
    keySecret: 's',
    scope,
  })

describe('asForeignCandidate', () => {
  it('given the same file at another tenant, then identical file + cross tenant, no id disclosed', () => {
    const other = { checkId: 'chk_OTHER', createdAt: '2026-03-01T00:00:00Z', keys: keys('t2', 'a', 'global') }
    const mine = keys('t1', 'a', 'tenant')
    const candidate = asForeignCandidate(mine, keys('t1', 'a', 'global'), other)
    expect(JSON.stringify(candidate)).not.toContain('chk_OTHER')
    const judged = judgeReplay(mine, [candidate])
    expect(judged).toEqual({
      seen_before: true,
      duplicate_of: null,
      keys_matched: ['file_sha256', 'content_hash', 'operation_id', 'semantic'],
      reasons: ['replay_identical_file', 'replay_cross_tenant'],
    })
  })

  it('given an edited copy at another tenant, then operation id reused (semantic differs)', () => {
    const other = {
      checkId: 'chk_O',
      createdAt: '2026-03-01T00:00:00Z',
      keys: keys('t2', 'a', 'global', 900),
    }
    const mine = keys('t1', 'b', 'tenant')
    const judged = judgeReplay(mine, [asForeignCandidate(mine, keys('t1', 'b', 'global'), other)])
    expect(judged.reasons).toEqual(['replay_operation_id_reused', 'replay_cross_tenant'])
    expect(judged.keys_matched).toEqual(['operation_id'])
  })

  it('given a same-tenant original too, then duplicate_of names only the own check', () => {
    const mine = keys('t1', 'a', 'tenant')
    const own = { checkId: 'chk_OWN', createdAt: '2026-03-05T00:00:00Z', keys: mine }
    const other = { checkId: 'chk_X', createdAt: '2026-03-01T00:00:00Z', keys: keys('t2', 'a', 'global') }
    const judged = judgeReplay(mine, [own, asForeignCandidate(mine, keys('t1', 'a', 'global'), other)])
    expect(judged.duplicate_of).toBe('chk_OWN')
    expect(judged.reasons).toContain('replay_cross_tenant')
  })
})
