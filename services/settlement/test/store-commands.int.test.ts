/**
 * The store commands the settlement consumer sends for one finished check, counted from the driver's
 * command monitoring on the real store (docs/capacity.md, "Store commands per check").
 */
import { defaultProfile, exampleRecord } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { connectStore, type Store } from '@rv/store'
import { createCleanup, tallyCommands } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { storeErasureGate } from '../src/erasure-gate'
import { handleCompleted } from '../src/handler'
import type { SettlementDeps } from '../src/settle-document'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-settle-commands')
let store: Store
let tenantId: string

beforeAll(async () => {
  store = await connectStore({ url: stack.mongoUrl, database: cleanup.database() })
  await store.ensureIndexes()
  tenantId = (await store.tenants.createTenant('settle-commands'))._id
})

afterAll(async () => {
  await store.close()
  await cleanup.run()
})

function deps(): SettlementDeps {
  return {
    store: store.settlements,
    // As main.ts: a tenant that no longer exists counts as erased.
    erasure: storeErasureGate(store),
    profile: async () => defaultProfile,
    publish: async () => {},
    now: () => Date.parse('2026-02-11T07:12:30Z'),
  }
}

function receipt(id: string, sbpId: string): CheckRecord {
  const example = exampleRecord()
  return {
    ...example,
    id,
    tenant_id: tenantId,
    status: 'done',
    created_at: '2026-02-11T07:12:00.000Z',
    recommendation: 'accept',
    reasons: [],
    fields: {
      ...example.fields,
      amount: 700,
      currency: 'RUB',
      receipt_number: sbpId,
      payment_reference: null,
      paid_at: '2026-02-11T07:10:12Z',
      sender_name: 'Пётр Сергеевич Л.',
    },
  }
}

describe('settlement store commands per check', () => {
  it('a finished check whose credit has not come', async () => {
    const tally = tallyCommands(store.db.client)
    await handleCompleted(receipt('chk_cmd000000001', 'B6042071012K4Q270000000000000001'), deps())
    const commands = tally.take()
    tally.stop()
    console.log(JSON.stringify(commands, null, 1))
    expect(commands.length).toBeGreaterThan(0)
  })
})
