/**
 * A tenant without credits (docs/settlement.md): its checks skip the credit lookup while no credit was ever
 * stored for it, and still join every credit — whichever side comes first, and when both come at once.
 */
import { defaultProfile } from '@rv/core'
import type { CheckRecord, CheckSettlementChangedV1, CreditLine, Profile } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { storeErasureGate } from '../src/erasure-gate'
import { handleCompleted, handleCredit } from '../src/handler'
import type { SettlementDeps } from '../src/settle-document'
import { creditLine, doneReceipt } from './fixtures'

const store = useTestStore('it-settle-no-credits', connectStore)
const required: Profile = { ...defaultProfile, settlement: { required: true, wait_seconds: 3600 } }
const clock = Date.parse('2026-02-11T07:12:30Z')

function deps(published: CheckSettlementChangedV1[]): SettlementDeps {
  return {
    store: store().settlements,
    // As main.ts: real tenants, the look after the insert reads the tenant.
    erasure: storeErasureGate(store()),
    profile: async () => required,
    publish: async (event) => void published.push(event),
    now: () => clock,
  }
}

let serial = 0
function pair(tenantId: string): { check: CheckRecord; credit: CreditLine } {
  serial += 1
  const sbpId = `B6042071012K4Q27${String(Date.now() % 1e8).padStart(8, '0')}${String(serial).padStart(8, '0')}`
  const id = `chk_nocred${String(serial).padStart(6, '0')}`
  return { check: doneReceipt(tenantId, sbpId, 700 + serial, id), credit: creditLine(sbpId, 700 + serial) }
}

const newTenant = async (name: string) => (await store().tenants.createTenant(name))._id
const joinedLine = async (check: CheckRecord) =>
  (await store().settlements.findSettlement(check.tenant_id, check.id))?.settlement?.credit?.line_id

describe('a tenant no credit was ever stored for', () => {
  it('a check first (no lookup), then its credit: the credit notes the tenant and joins the check', async () => {
    const tenant = await newTenant('no-credits-check-first')
    expect((await store().tenants.findTenant(tenant))?.no_credits_yet).toBe(true)
    const { check, credit } = pair(tenant)
    const published: CheckSettlementChangedV1[] = []
    await handleCompleted(check, deps(published))
    expect(published.map((e) => e.settlement.status)).toEqual(['awaiting'])
    await handleCredit({ tenant_id: tenant, credit }, deps(published))
    expect((await store().tenants.findTenant(tenant))?.no_credits_yet).toBeUndefined()
    expect(await joinedLine(check)).toBe(credit.line_id)
    // The next credit comes first: the tenant's checks look for credits now.
    const next = pair(tenant)
    await handleCredit({ tenant_id: tenant, credit: next.credit }, deps(published))
    await handleCompleted(next.check, deps(published))
    expect(await joinedLine(next.check)).toBe(next.credit.line_id)
  })

  it('a check and its credit at the same moment, each the first of a fresh tenant: every pair joins', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => pair(await newTenant(`no-credits-race-${i}`))),
    )
    const published: CheckSettlementChangedV1[] = []
    await Promise.all(
      pairs.flatMap(({ check, credit }, i) => {
        const both = [
          () => handleCompleted(check, deps(published)),
          () => handleCredit({ tenant_id: check.tenant_id, credit }, deps(published)),
        ]
        // Half start with the check, half with the credit.
        return (i % 2 === 0 ? both : both.reverse()).map((run) => run())
      }),
    )
    for (const { check, credit } of pairs) expect(await joinedLine(check), check.id).toBe(credit.line_id)
  })
})
