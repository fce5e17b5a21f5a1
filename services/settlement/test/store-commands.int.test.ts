/**
 * The store commands the settlement consumer sends for one finished check, counted from the driver's
 * command monitoring on the real store (docs/capacity.md, "Store commands per check").
 */
import { defaultProfile } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { tallyCommands } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { beforeAll, describe, expect, it } from 'vitest'
import { storeErasureGate } from '../src/erasure-gate'
import { handleCompleted } from '../src/handler'
import type { SettlementDeps } from '../src/settle-document'
import { doneReceipt } from './fixtures'

const store = useTestStore('it-settle-commands', connectStore)
let tenantId: string

beforeAll(async () => {
  tenantId = (await store().tenants.createTenant('settle-commands'))._id
  // A tenant whose bank credits are fed: its checks look for theirs.
  await store().tenants.noteCreditStored(tenantId)
})

function deps(): SettlementDeps {
  return {
    store: store().settlements,
    // As main.ts: a tenant that no longer exists counts as erased.
    erasure: storeErasureGate(store()),
    profile: async () => defaultProfile,
    publish: async () => {},
    now: () => Date.parse('2026-02-11T07:12:30Z'),
  }
}

const receipt = (id: string, sbpId: string): CheckRecord => doneReceipt(tenantId, sbpId, 700, id)

/** The commands `run` sends, by the driver's command monitoring. */
async function commandsOf(run: () => Promise<unknown>): Promise<string[]> {
  const tally = tallyCommands(store().db.client)
  try {
    await run()
    return tally.take()
  } finally {
    tally.stop()
  }
}

describe('settlement store commands per check', () => {
  it('a finished check whose credit has not come, its tenant seen a moment ago', async () => {
    const gate = deps()
    await handleCompleted(receipt('chk_cmd000000001', 'B6042071012K4Q270000000000000001'), gate)
    const second = receipt('chk_cmd000000002', 'B6042071012K4Q270000000000000002')
    expect(await commandsOf(() => handleCompleted(second, gate))).toEqual([
      // Erased? The tenant's existence from memory before the insert (was `find tenants`), the tombstone.
      'find check_tombstones',
      'insert settlements',
      // Erased meanwhile? Both asked, the tenant uncached: this is the guard.
      'find tenants',
      'find check_tombstones',
      // The join: the credits it could join. The document is new, so it holds no claim to look for.
      'find credits',
      'find credits',
      // The outcome: awaiting its credit.
      'update settlements',
    ])
  })

  it('the same check delivered again: its document found, and its own claim looked for', async () => {
    const gate = deps()
    const check = receipt('chk_cmd000000005', 'B6042071012K4Q270000000000000005')
    await handleCompleted(check, gate)
    expect(await commandsOf(() => handleCompleted(check, gate))).toEqual([
      'find check_tombstones',
      // The insert refused (duplicate key), the stored document read.
      'insert settlements',
      'find settlements',
      'find tenants',
      'find check_tombstones',
      // A redelivery may follow a claim its first delivery made: looked for before any credit.
      'find settlement_claims',
      'find credits',
      'find credits',
      // The outcome unchanged: nothing written.
    ])
  })

  it('a finished check of a tenant no credit was ever stored for: no credit looked for', async () => {
    const gate = deps()
    const tenant = (await store().tenants.createTenant('settle-no-credits'))._id
    const first = { ...receipt('chk_cmd000000006', 'B6042071012K4Q270000000000000006'), tenant_id: tenant }
    await handleCompleted(first, gate)
    const second = { ...receipt('chk_cmd000000007', 'B6042071012K4Q270000000000000007'), tenant_id: tenant }
    expect(await commandsOf(() => handleCompleted(second, gate))).toEqual([
      'find check_tombstones',
      'insert settlements',
      // The guard's read of the tenant also says it has no credit stored: nothing to join.
      'find tenants',
      'find check_tombstones',
      'update settlements',
    ])
  })

  it('takes back a check of a tenant erased while remembered as live', async () => {
    const gate = deps()
    const tenant = (await store().tenants.createTenant('settle-erased'))._id
    const first = { ...receipt('chk_cmd000000003', 'B6042071012K4Q270000000000000003'), tenant_id: tenant }
    await handleCompleted(first, gate)
    await store().tenants.eraseTenant(tenant)
    const second = { ...receipt('chk_cmd000000004', 'B6042071012K4Q270000000000000004'), tenant_id: tenant }
    await handleCompleted(second, gate)
    expect(await store().settlements.findSettlement(tenant, second.id)).toBeNull()
  })
})
