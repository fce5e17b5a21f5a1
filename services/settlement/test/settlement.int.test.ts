import { defaultProfile } from '@rv/core'
import type { CheckRecord, CheckSettlementChangedV1, Profile } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { beforeEach, describe, expect, it } from 'vitest'
import { storeErasureGate } from '../src/erasure-gate'
import { handleCompleted, handleCredit, settleDue } from '../src/handler'
import type { SettlementDeps } from '../src/settle-document'
import { creditLine, doneReceipt } from './fixtures'

const store = useTestStore('it-settle', connectStore)
let published: CheckSettlementChangedV1[]
let clock: number
const required: Profile = { ...defaultProfile, settlement: { required: true, wait_seconds: 3600 } }

beforeEach(() => {
  published = []
  clock = Date.parse('2026-02-11T07:12:30Z')
})

function deps(overrides: Partial<SettlementDeps> = {}): SettlementDeps {
  return {
    store: store().settlements,
    erasure: storeErasureGate(store(), { requireTenant: false }),
    profile: async () => required,
    publish: async (event) => {
      published.push(event)
    },
    now: () => clock,
    ...overrides,
  }
}

let serial = 0
function uniqueSbpId(): string {
  serial += 1
  return `B6042071012K4Q27${String(Date.now() % 1e8).padStart(8, '0')}${String(serial).padStart(8, '0')}`
}

const receipt = doneReceipt
const credit = creditLine

describe('a join cannot be borrowed', () => {
  const tenant = () => `ten_borrow${Math.random().toString(36).slice(2, 10)}`
  const nameOnly = (tenantId: string, amount: number): CheckRecord => {
    const r = receipt(tenantId, '', amount)
    return { ...r, fields: { ...r.fields, receipt_number: null } }
  }

  it('amount + name + time joins only the one credit that fits, as probable; two that fit join none', async () => {
    const tenantId = tenant()
    await handleCredit(
      { tenant_id: tenantId, credit: { ...credit(uniqueSbpId(), 900), sbp_operation_id: null } },
      deps(),
    )
    const one = nameOnly(tenantId, 900)
    await handleCompleted(one, deps())
    expect(published.at(-1)?.settlement).toMatchObject({
      status: 'probable',
      joined_by: 'amount_name_time',
      reasons: ['settlement_probable'],
    })
    const other = tenant()
    for (const line of ['p-1', 'p-2'])
      await handleCredit(
        { tenant_id: other, credit: { ...credit(uniqueSbpId(), 900, line), sbp_operation_id: null } },
        deps(),
      )
    const ambiguous = nameOnly(other, 900)
    await handleCompleted(ambiguous, deps())
    expect(published.at(-1)).toMatchObject({
      check_id: ambiguous.id,
      settlement: { status: 'awaiting', credit: null },
    })
  })

  it("a receipt printing the credit's SBP id displaces a weaker claim, and the displaced check is told", async () => {
    const tenantId = tenant()
    const sbp = uniqueSbpId()
    // The borrower: no id, the same amount and a name that agrees; it claims the genuine payer's credit.
    const borrower = nameOnly(tenantId, 1200)
    await handleCompleted(borrower, deps())
    await handleCredit({ tenant_id: tenantId, credit: credit(sbp, 1200) }, deps())
    expect(published.at(-1)).toMatchObject({ check_id: borrower.id, settlement: { status: 'probable' } })
    const genuine = receipt(tenantId, sbp, 1200)
    await handleCompleted(genuine, deps())
    const last = (id: string) => published.filter((e) => e.check_id === id).at(-1)?.settlement
    expect(last(genuine.id)).toMatchObject({ status: 'confirmed', joined_by: 'sbp_operation_id' })
    expect(last(borrower.id)).toMatchObject({ status: 'awaiting', credit: null, reasons: [] })
    expect(await store().settlements.claimOfLine(tenantId, `line-${sbp}`)).toBe(genuine.id)
    expect(await store().settlements.claimOfCheck(tenantId, borrower.id)).toBeUndefined()
    expect((await store().settlements.findSettlement(tenantId, borrower.id))?.settlement?.status).toBe(
      'awaiting',
    )
  })
})

describe('settlement on the real store', () => {
  it('joins a credit that arrived before the receipt', async () => {
    const sbp = uniqueSbpId()
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 600) }, deps())
    expect(published).toEqual([])
    const check = receipt('ten_a', sbp, 600)
    await handleCompleted(check, deps())
    expect(published).toHaveLength(1)
    expect(published[0]?.settlement).toMatchObject({
      status: 'confirmed',
      joined_by: 'sbp_operation_id',
      reasons: ['settlement_confirmed'],
      recommendation: 'accept',
    })
    const stored = await store().settlements.findSettlement('ten_a', check.id)
    expect(stored?.settlement?.credit?.line_id).toBe(`line-${sbp}`)
  })

  it('waits for a credit that comes after the receipt, and a late credit changes the finished check', async () => {
    const sbp = uniqueSbpId()
    const check = receipt('ten_a', sbp, 700)
    await handleCompleted(check, deps())
    expect(published.map((e) => e.settlement.status)).toEqual(['awaiting'])
    // The wait runs out: review.
    clock += 3600_000
    expect(await settleDue(deps(), 1000)).toBeGreaterThanOrEqual(1)
    expect(published.at(-1)).toMatchObject({
      check_id: check.id,
      settlement: { status: 'not_found', reasons: ['settlement_not_found'], recommendation: 'review' },
    })
    // The credit arrives late: the check is settled and gets its accept back.
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 700) }, deps())
    expect(published.at(-1)).toMatchObject({
      check_id: check.id,
      settlement: { status: 'confirmed', recommendation: 'accept', reasons: ['settlement_confirmed'] },
    })
    expect(await store().settlements.due(new Date(clock + 86_400_000), 1000)).not.toContainEqual(
      expect.objectContaining({ check_id: check.id }),
    )
  })

  it('rejects an amount-edited receipt against the real credit', async () => {
    const sbp = uniqueSbpId()
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 10) }, deps())
    const edited = receipt('ten_a', sbp, 5000)
    await handleCompleted(edited, deps())
    expect(published.at(-1)?.settlement).toMatchObject({
      status: 'amount_mismatch',
      reasons: ['settlement_amount_mismatch'],
      recommendation: 'reject',
    })
    // Even where the profile does not require settlement.
    const sbp2 = uniqueSbpId()
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp2, 10) }, deps())
    await handleCompleted(receipt('ten_a', sbp2, 5000), deps({ profile: async () => defaultProfile }))
    expect(published.at(-1)?.settlement.recommendation).toBe('reject')
  })

  it('stores a duplicate credit line once, the first values winning, and publishes nothing again', async () => {
    const sbp = uniqueSbpId()
    const line = credit(sbp, 800)
    await handleCredit({ tenant_id: 'ten_a', credit: line }, deps())
    const check = receipt('ten_a', sbp, 800)
    await handleCompleted(check, deps())
    expect(published).toHaveLength(1)
    await handleCredit({ tenant_id: 'ten_a', credit: line }, deps())
    await handleCredit({ tenant_id: 'ten_a', credit: { ...line, amount: 1 } }, deps())
    expect(published).toHaveLength(1)
    expect((await store().settlements.findCredit('ten_a', line.line_id))?.credit.amount).toBe(800)
    expect((await store().settlements.findSettlement('ten_a', check.id))?.settlement?.status).toBe(
      'confirmed',
    )
  })

  it('never joins two tenants, even on the same SBP id', async () => {
    const sbp = uniqueSbpId()
    await handleCredit({ tenant_id: 'ten_other', credit: credit(sbp, 900) }, deps())
    const check = receipt('ten_mine', sbp, 900)
    await handleCompleted(check, deps())
    expect(published.map((e) => e.settlement.status)).toEqual(['awaiting'])
    expect(await store().settlements.claimOfLine('ten_other', `line-${sbp}`)).toBeUndefined()
  })

  it('uses a credit for one receipt only, even when two receipts race for it', async () => {
    const sbp = uniqueSbpId()
    const a = receipt('ten_a', sbp, 950)
    const b = receipt('ten_a', sbp, 950)
    await Promise.all([
      handleCompleted(a, deps()),
      handleCompleted(b, deps()),
      handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 950) }, deps()),
    ])
    const holder = await store().settlements.claimOfLine('ten_a', `line-${sbp}`)
    expect([a.id, b.id]).toContain(holder)
    const statuses = await Promise.all(
      [a, b].map(async (c) => (await store().settlements.findSettlement('ten_a', c.id))?.settlement?.status),
    )
    expect(statuses.sort()).toEqual(['awaiting', 'confirmed'])
  })

  it('a join killed half way is completed by the redelivery, and joined once', async () => {
    const sbp = uniqueSbpId()
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 990) }, deps())
    const check = receipt('ten_a', sbp, 990)
    // Dies after claiming, before publishing and saving the outcome.
    await expect(
      handleCompleted(check, deps({ publish: async () => Promise.reject(new Error('killed')) })),
    ).rejects.toThrow('killed')
    expect(published).toEqual([])
    expect(await store().settlements.claimOfCheck('ten_a', check.id)).toBe(`line-${sbp}`)
    expect((await store().settlements.findSettlement('ten_a', check.id))?.settlement).toBeNull()
    // Dies after publishing, before saving: the redelivery publishes again (at least once) and saves.
    const dying = deps({
      store: {
        ...store().settlements,
        saveOutcome: async () => {
          throw new Error('killed')
        },
      },
    })
    await expect(handleCompleted(check, dying)).rejects.toThrow('killed')
    await handleCompleted(check, deps())
    // Further redeliveries of either side change nothing and publish nothing.
    await handleCompleted(check, deps())
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 990) }, deps())
    expect(published.map((e) => e.settlement.status)).toEqual(['confirmed', 'confirmed'])
    const stored = await store().settlements.findSettlement('ten_a', check.id)
    expect(stored?.settlement?.status).toBe('confirmed')
    expect(await store().settlements.claimOfLine('ten_a', `line-${sbp}`)).toBe(check.id)
    expect(await store().settlements.claimOfCheck('ten_a', check.id)).toBe(`line-${sbp}`)
  })

  /** A join killed after its claims, by the check's side. */
  async function halfJoined(check: CheckRecord, line: string): Promise<void> {
    await expect(
      handleCompleted(check, deps({ publish: async () => Promise.reject(new Error('killed')) })),
    ).rejects.toThrow('killed')
    await dropLineSide(check, line)
  }

  /** The state a process killed between the two inserts of a claim leaves: the check's side alone. */
  async function dropLineSide(check: CheckRecord, line: string): Promise<void> {
    const claims = store().db.collection('settlement_claims')
    const pair = await claims.find({ check_id: check.id, line_id: line }).toArray()
    const lineSide = pair.find((claim) => String(claim._id).includes(':line:'))
    expect(pair).toHaveLength(2)
    await claims.deleteOne({ _id: lineSide!._id })
    expect(await store().settlements.claimOfCheck('ten_a', check.id)).toBe(line)
    expect(await store().settlements.claimOfLine('ten_a', line)).toBeUndefined()
  }

  it("a claim killed between the check's side and the line's is made whole by the redelivery", async () => {
    const sbp = uniqueSbpId()
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 991) }, deps())
    const check = receipt('ten_a', sbp, 991)
    await halfJoined(check, `line-${sbp}`)
    await handleCompleted(check, deps())
    expect((await store().settlements.findSettlement('ten_a', check.id))?.settlement?.status).toBe(
      'confirmed',
    )
    expect(await store().settlements.claimOfLine('ten_a', `line-${sbp}`)).toBe(check.id)
  })

  it("a claim the credit's side made half way is made whole by the credit's redelivery", async () => {
    const sbp = uniqueSbpId()
    const check = receipt('ten_a', sbp, 993)
    await handleCompleted(check, deps())
    const line = credit(sbp, 993)
    await expect(
      handleCredit(
        { tenant_id: 'ten_a', credit: line },
        deps({ publish: async () => Promise.reject(new Error('killed')) }),
      ),
    ).rejects.toThrow('killed')
    await dropLineSide(check, line.line_id)
    await handleCredit({ tenant_id: 'ten_a', credit: line }, deps())
    expect((await store().settlements.findSettlement('ten_a', check.id))?.settlement?.status).toBe(
      'confirmed',
    )
    expect(await store().settlements.claimOfLine('ten_a', line.line_id)).toBe(check.id)
  })

  it('a line left free by a half claim goes to one check only: the half claim gives way', async () => {
    const sbp = uniqueSbpId()
    await handleCredit({ tenant_id: 'ten_a', credit: credit(sbp, 992) }, deps())
    const first = receipt('ten_a', sbp, 992)
    await halfJoined(first, `line-${sbp}`)
    const second = receipt('ten_a', sbp, 992)
    await handleCompleted(second, deps())
    await handleCompleted(first, deps())
    const statusOf = async (c: CheckRecord) =>
      (await store().settlements.findSettlement('ten_a', c.id))?.settlement
    expect((await statusOf(second))?.status).toBe('confirmed')
    expect((await statusOf(first))?.status).toBe('awaiting')
    expect((await statusOf(first))?.credit).toBeNull()
    expect(await store().settlements.claimOfLine('ten_a', `line-${sbp}`)).toBe(second.id)
    expect(await store().settlements.claimOfCheck('ten_a', first.id)).toBeUndefined()
  })

  it("reads the check's pinned profile from the store: its settlement member decides", async () => {
    const saved = await store().profiles.save('ten_profiled', 'default', {
      settlement: { required: true, wait_seconds: 0, not_found: 'reject' },
    })
    const pinned = deps({
      profile: (tenantId, ref) => store().profiles.find(tenantId, ref.name, ref.version),
    })
    const check = { ...receipt('ten_profiled', uniqueSbpId(), 1234), profile_version: saved.version }
    await handleCompleted(check, pinned)
    expect(published.at(-1)?.settlement).toMatchObject({
      status: 'not_found',
      reasons: ['settlement_not_found'],
      recommendation: 'reject',
    })
  })

  it('ignores failed checks', async () => {
    await handleCompleted(
      { ...receipt('ten_a', uniqueSbpId(), 5), status: 'failed', recommendation: 'review' },
      deps(),
    )
    expect(published).toEqual([])
  })
})
