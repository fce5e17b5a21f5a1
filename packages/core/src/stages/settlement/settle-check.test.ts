import type { CheckRecord, CreditLine } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import { defaultProfile } from '../decision/default-profile'
import { type CheckKeys, checkKeys, creditKeys } from './credit-keys'
import { bestJoin, joinRule, strongerRule } from './join-rule'
import { settleCheck, settlementChanged, withSettlement } from './settle-check'
import { settlementPolicy } from './settlement-policy'

const sbpId = 'B6042071012K4Q270000070011700101'
const record: CheckRecord = {
  ...exampleRecord(),
  status: 'done',
  recommendation: 'accept',
  reasons: [],
  fields: {
    ...exampleRecord().fields,
    amount: 5000,
    currency: 'RUB',
    receipt_number: sbpId,
    payment_reference: null,
    paid_at: '2026-02-11T07:10:12Z',
    sender_name: 'Пётр Сергеевич Л.',
  },
}
const credit: CreditLine = {
  line_id: 'l1',
  amount: 5000,
  currency: 'RUB',
  credited_at: '2026-02-11T07:10:14Z',
  payer_name: 'ПЁТР СЕРГЕЕВИЧ Л',
  sbp_operation_id: sbpId,
}
const keys = checkKeys(record) as CheckKeys
const window = settlementPolicy(defaultProfile).nameWindowMs

describe('join rules', () => {
  it('joins by SBP operation id whatever the amounts, and never two different ids', () => {
    expect(joinRule(keys, creditKeys(credit), window)).toBe('sbp_operation_id')
    expect(joinRule(keys, creditKeys({ ...credit, amount: 10 }), window)).toBe('sbp_operation_id')
    const otherId = `${sbpId.slice(0, -1)}2`
    // Two ids that differ never join, even with equal amount, name and time.
    expect(joinRule(keys, creditKeys({ ...credit, sbp_operation_id: otherId }), window)).toBeNull()
  })

  it('joins by the within-bank operation number within a day', () => {
    const local = checkKeys({
      ...record,
      fields: { ...record.fields, receipt_number: '1234567890', payment_reference: null },
    }) as CheckKeys
    const byNumber = { ...credit, sbp_operation_id: null, operation_number: '1234567890', amount: 7 }
    expect(joinRule(local, creditKeys(byNumber), window)).toBe('operation_number')
    expect(
      joinRule(local, creditKeys({ ...byNumber, credited_at: '2026-02-14T07:10:14Z' }), window),
    ).toBeNull()
    // A short number repeats too often to join on.
    const short = checkKeys({ ...record, fields: { ...record.fields, receipt_number: '17' } }) as CheckKeys
    expect(joinRule(short, creditKeys({ ...byNumber, operation_number: '17' }), window)).toBeNull()
  })

  it('else by amount, masked payer name and time within the window', () => {
    const noId = { ...keys, sbpId: null }
    const plain = { ...credit, sbp_operation_id: null, payer_name: 'Пётр Сергеевич Л.' }
    expect(joinRule(noId, creditKeys(plain), window)).toBe('amount_name_time')
    expect(joinRule(noId, creditKeys({ ...plain, payer_name: 'Пёт* Сергеевич Л.' }), window)).toBe(
      'amount_name_time',
    )
    expect(joinRule(noId, creditKeys({ ...plain, payer_name: 'Анна Ивановна К.' }), window)).toBeNull()
    expect(joinRule(noId, creditKeys({ ...plain, amount: 4999.99 }), window)).toBeNull()
    expect(joinRule(noId, creditKeys({ ...plain, credited_at: '2026-02-11T09:10:14Z' }), window)).toBeNull()
    // No name on one side: the amount within five minutes only.
    const nameless = { ...plain, payer_name: null }
    expect(joinRule(noId, creditKeys(nameless), window)).toBe('amount_name_time')
    expect(
      joinRule(noId, creditKeys({ ...nameless, credited_at: '2026-02-11T07:20:00Z' }), window),
    ).toBeNull()
    const namelessDay = { ...nameless, credited_at: '2026-02-10T21:00:00Z', time_precision: 'day' as const }
    expect(joinRule(noId, creditKeys(namelessDay), window)).toBeNull()
    // A statement with dates only: the whole Moscow day.
    const day = { ...plain, credited_at: '2026-02-10T21:00:00Z', time_precision: 'day' as const }
    expect(joinRule(noId, creditKeys(day), window)).toBe('amount_name_time')
  })

  it('picks the strongest rule, then the closest time; amount + name + time only when one credit fits', () => {
    const noId = { ...keys, sbpId: null }
    const far = { ...credit, line_id: 'far', sbp_operation_id: null, credited_at: '2026-02-11T07:30:00Z' }
    const near = { ...far, line_id: 'near', credited_at: '2026-02-11T07:11:00Z' }
    const pairs = [far, near].map((c) => ({ check: noId, credit: creditKeys(c), value: c.line_id }))
    // Two same-amount credits whose payer names agree: neither is proof, none joins.
    expect(bestJoin(pairs, window)).toBeNull()
    expect(bestJoin(pairs.slice(1), window)).toEqual({ value: 'near', rule: 'amount_name_time' })
    const byNumber = { ...far, line_id: 'num', operation_number: '1234567890' }
    const withNumber = { ...noId, operationNumber: '1234567890' }
    expect(
      bestJoin(
        [far, near, byNumber].map((c) => ({ check: withNumber, credit: creditKeys(c), value: c.line_id })),
        window,
      ),
    ).toEqual({ value: 'num', rule: 'operation_number' })
    expect(strongerRule('sbp_operation_id', 'amount_name_time')).toBe(true)
    expect(strongerRule('amount_name_time', 'operation_number')).toBe(false)
    const byId = { check: keys, credit: creditKeys(credit), value: 'id' }
    const pairsWithId = [far, near].map((c) => ({ check: keys, credit: creditKeys(c), value: c.line_id }))
    expect(bestJoin([...pairsWithId, byId], window)).toEqual({ value: 'id', rule: 'sbp_operation_id' })
  })
})

describe('settleCheck', () => {
  const required = settlementPolicy({ settlement: { required: true, wait_seconds: 3600 } })
  const createdAt = Date.parse('2026-02-11T07:12:00Z')
  const base = { recommendation: 'accept' as const, reasons: [] }
  const settle = (c: CreditLine | null, now: number, policy = required) =>
    settleCheck({
      base,
      keys,
      createdAt,
      join: c ? { credit: c, keys: creditKeys(c), rule: 'sbp_operation_id' } : null,
      policy,
      now,
    })

  it('confirms a credit of the receipt amount', () => {
    const s = settle(credit, createdAt)
    expect(s).toMatchObject({
      status: 'confirmed',
      reasons: ['settlement_confirmed'],
      recommendation: 'accept',
    })
    expect(s.credit?.line_id).toBe('l1')
  })

  it('reports a join by amount + name + time as probable, never confirmed', () => {
    const s = settleCheck({
      base,
      keys,
      createdAt,
      join: { credit, keys: creditKeys(credit), rule: 'amount_name_time' },
      policy: required,
      now: createdAt,
    })
    expect(s).toMatchObject({
      status: 'probable',
      joined_by: 'amount_name_time',
      reasons: ['settlement_probable'],
      recommendation: 'accept',
    })
  })

  it('rejects a receipt whose operation was credited with another amount, required or not', () => {
    const edited = { ...credit, amount: 10 }
    expect(settle(edited, createdAt)).toMatchObject({
      status: 'amount_mismatch',
      reasons: ['settlement_amount_mismatch'],
      recommendation: 'reject',
    })
    expect(settle(edited, createdAt, settlementPolicy(defaultProfile)).recommendation).toBe('reject')
  })

  it('waits, then sends a required receipt without credit to review; a late credit gives accept back', () => {
    expect(settle(null, createdAt + 1000)).toMatchObject({
      status: 'awaiting',
      reasons: [],
      recommendation: 'accept',
    })
    const late = settle(null, createdAt + 3600_000)
    expect(late).toMatchObject({
      status: 'not_found',
      reasons: ['settlement_not_found'],
      recommendation: 'review',
    })
    expect(late.due_at).toBe('2026-02-11T08:12:00.000Z')
    const found = settle(credit, createdAt + 7200_000)
    expect(settlementChanged(late, found)).toBe(true)
    expect(found.recommendation).toBe('accept')
  })

  it('does not require settlement below the profile amount, nor without a profile member', () => {
    const above = settlementPolicy({ settlement: { required: true, wait_seconds: 0, above_amount: 10_000 } })
    expect(settle(null, createdAt + 1, above).status).toBe('not_required')
    expect(settle(null, createdAt + 1, settlementPolicy(defaultProfile)).status).toBe('not_required')
  })

  it('never makes a stricter base milder, and puts its reasons into the record', () => {
    const s = settleCheck({
      base: { recommendation: 'reject', reasons: ['document_forged'] },
      keys,
      createdAt,
      join: { credit, keys: creditKeys(credit), rule: 'sbp_operation_id' },
      policy: required,
      now: createdAt,
    })
    expect(s.recommendation).toBe('reject')
    const shown = withSettlement({ ...record, reasons: ['document_forged'], recommendation: 'reject' }, s)
    expect(shown.reasons).toEqual(['document_forged', 'settlement_confirmed'])
    const mismatch = withSettlement(record, settle({ ...credit, amount: 10 }, createdAt))
    expect(mismatch).toMatchObject({ recommendation: 'reject', reasons: ['settlement_amount_mismatch'] })
    expect(settlementChanged(s, s)).toBe(false)
  })
})
