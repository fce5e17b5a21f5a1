import type { ReceiptFields } from '@rv/schemas'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import type { ExtractionResult, ReplayKeys } from '../../vocabulary/stage-contracts'
import { deriveReplayKeys, normalizedTextDigest, toReplayExtraction } from './derive-replay-keys'
import { judgeReplay } from './judge-replay'

const sha = (c: string) => c.repeat(64)
const extraction = (
  over: Partial<ReceiptFields> = {},
  text = 'Исходящий перевод СБП 600 ₽',
): ExtractionResult => ({
  family: 'vtb/sbp_outgoing',
  fields: { ...exampleRecord().fields, ...over },
  normalizedText: text,
  facts: {},
})
const keysOf = (fileSha: string, e: ExtractionResult | null, tenantId = 't1', keySecret?: string) =>
  deriveReplayKeys({ fileSha256: fileSha, extraction: e && toReplayExtraction(e), tenantId, keySecret })
const earlier = (checkId: string, createdAt: string, keys: ReplayKeys) => ({ checkId, createdAt, keys })

describe('deriveReplayKeys', () => {
  it('forms all four keys as 64-hex digests that contain no input value', () => {
    const keys = keysOf(sha('a'), extraction())
    expect(Object.keys(keys).sort()).toEqual(['content_hash', 'file_sha256', 'operation_id', 'semantic'])
    for (const v of Object.values(keys)) expect(v).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(keys)).not.toContain('B6042071012K4Q270000070011700101')
  })

  it('scopes keys per tenant unless global', () => {
    const a = keysOf(sha('a'), extraction(), 't1')
    const b = keysOf(sha('a'), extraction(), 't2')
    for (const k of Object.keys(a) as (keyof ReplayKeys)[]) expect(a[k]).not.toBe(b[k])
    const ga = deriveReplayKeys({
      fileSha256: sha('a'),
      extraction: toReplayExtraction(extraction()),
      tenantId: 't1',
      keySecret: 's',
      scope: 'global',
    })
    const gb = deriveReplayKeys({
      fileSha256: sha('a'),
      extraction: toReplayExtraction(extraction()),
      tenantId: 't2',
      keySecret: 's',
      scope: 'global',
    })
    expect(ga).toEqual(gb)
    const other = deriveReplayKeys({
      fileSha256: sha('a'),
      extraction: toReplayExtraction(extraction()),
      tenantId: 't1',
      keySecret: 'z',
      scope: 'global',
    })
    expect(other.semantic).not.toBe(ga.semantic)
    expect(() =>
      deriveReplayKeys({ fileSha256: sha('a'), extraction: null, tenantId: 't', scope: 'global' }),
    ).toThrow()
  })

  it('forms the content key from the text digest, so whitespace never splits it', () => {
    const a = keysOf(sha('a'), extraction({}, 'Перевод  СБП\n600 ₽'))
    const b = keysOf(sha('b'), extraction({}, ' Перевод СБП 600 ₽ '))
    expect(a.content_hash).toBe(b.content_hash)
    expect(normalizedTextDigest('a \n b')).toBe(normalizedTextDigest('a b'))
    expect(keysOf(sha('a'), extraction({}, 'Перевод СБП 601 ₽')).content_hash).not.toBe(a.content_hash)
    const fromDigest = deriveReplayKeys({
      fileSha256: sha('a'),
      extraction: { ...extraction(), normalizedTextSha256: normalizedTextDigest('Перевод СБП 600 ₽') },
      tenantId: 't1',
    })
    expect(fromDigest.content_hash).toBe(a.content_hash)
  })

  it('leaves out keys it cannot form', () => {
    expect(Object.keys(keysOf(sha('a'), null))).toEqual(['file_sha256'])
    const bare = keysOf('not-a-hash', extraction({ receipt_number: null, amount: null }, '  '))
    expect(bare).toEqual({})
  })

  it('semantic key ignores seconds, case and ё, but not the amount', () => {
    const base = keysOf(sha('a'), extraction()).semantic
    expect(
      keysOf(sha('b'), extraction({ paid_at: '2026-02-11T07:10:59Z', recipient_name: 'СОФЬЯ ОЛЕГОВНА Т.' }))
        .semantic,
    ).toBe(base)
    expect(keysOf(sha('b'), extraction({ amount: 6000 })).semantic).not.toBe(base)
    expect(keysOf(sha('b'), extraction({ paid_at: '2026-02-11T07:11:00Z' })).semantic).not.toBe(base)
  })

  it('an SBP id is the same operation at any bank; a bank number is scoped by the bank', () => {
    const vtb = keysOf(sha('a'), extraction())
    const alfa = keysOf(sha('b'), { ...extraction(), family: 'alfa/sbp_incoming' })
    expect(alfa.operation_id).toBe(vtb.operation_id)
    const own = extraction({ receipt_number: 'C160703261234567' })
    expect(keysOf(sha('a'), own).operation_id).not.toBe(
      keysOf(sha('a'), { ...own, family: 'tbank/sbp' }).operation_id,
    )
  })
})

describe('judgeReplay', () => {
  const first = keysOf(sha('a'), extraction())

  it('given no earlier checks, then nothing is seen', () => {
    expect(judgeReplay(first, [])).toEqual({
      seen_before: false,
      duplicate_of: null,
      keys_matched: [],
      reasons: [],
    })
  })

  it('given the same file earlier, when it comes again, then identical file, all keys, earliest check', () => {
    const r = judgeReplay(first, [
      earlier('chk_b', '2026-03-02T00:00:00Z', first),
      earlier('chk_a', '2026-03-01T00:00:00Z', first),
    ])
    expect(r).toEqual({
      seen_before: true,
      duplicate_of: 'chk_a',
      keys_matched: ['file_sha256', 'content_hash', 'operation_id', 'semantic'],
      reasons: ['replay_identical_file'],
    })
  })

  it('given a receipt earlier, when it is downloaded again (new bytes, same text), then same receipt', () => {
    const again = keysOf(sha('b'), extraction())
    const r = judgeReplay(again, [earlier('chk_a', '2026-03-01T00:00:00Z', first)])
    expect(r.reasons).toEqual(['replay_same_receipt'])
    expect(r.keys_matched).toEqual(['content_hash', 'operation_id', 'semantic'])
  })

  it('given a receipt earlier, when its operation id comes back with another amount, then operation id reused', () => {
    const edited = keysOf(sha('c'), extraction({ amount: 6000 }, 'Исходящий перевод СБП 6 000 ₽'))
    const r = judgeReplay(edited, [earlier('chk_a', '2026-03-01T00:00:00Z', first)])
    expect(r.reasons).toEqual(['replay_operation_id_reused'])
    expect(r.keys_matched).toEqual(['operation_id'])
    expect(r.duplicate_of).toBe('chk_a')
  })

  it('given a look-alike payment with another operation id, then it is not a replay', () => {
    const lookAlike = keysOf(
      sha('d'),
      extraction({ receipt_number: 'B6042071012K4Q270000070011799999' }, 'other text'),
    )
    expect(judgeReplay(lookAlike, [earlier('chk_a', '2026-03-01T00:00:00Z', first)]).seen_before).toBe(false)
  })

  it('given a match only in another tenant, then seen, flagged cross-tenant, and no foreign id disclosed', () => {
    const r = judgeReplay(first, [{ ...earlier('chk_x', '2026-03-01T00:00:00Z', first), foreign: true }])
    expect(r).toMatchObject({ seen_before: true, duplicate_of: null })
    expect(r.reasons).toEqual(['replay_identical_file', 'replay_cross_tenant'])
  })

  it('duplicate_of is always the earliest counted candidate, whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (stamps) => {
          const cands = stamps.map((s) =>
            earlier(`chk_${s}`, new Date(1_700_000_000_000 + s * 1000).toISOString(), first),
          )
          const min = Math.min(...stamps)
          expect(judgeReplay(first, cands).duplicate_of).toBe(`chk_${min}`)
          expect(judgeReplay(first, [...cands].reverse()).duplicate_of).toBe(`chk_${min}`)
        },
      ),
    )
  })
})
