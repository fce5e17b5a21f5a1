/**
 * The two tenants of the settlement targets and what must hold for them after a storm: every line the
 * gateway accepted (202) stored by the settlement service, and the other tenant's credits exactly as they
 * were — no input of the fuzzing tenant, whatever line ids it uses, may move another tenant's money.
 */
import type { Store } from '@rv/store'
import type { BenchStack } from '../bench/load/bench-stack'
import { creditLines } from './credit-inputs'
import { Prng } from './mutate'

export interface FuzzTenants {
  tenantId: string
  key: string
  /** The same tenant, `checks:read` only. */
  readOnlyKey: string
  otherTenantId: string
  /** The other tenant's credits before the storms: line id → amount. */
  otherCredits: ReadonlyMap<string, number>
  otherCheckId: string
}

const otherCheckId = 'chk_01FUZZOTHERTENANT000000001'

async function storedCredits(store: Store, tenantId: string, lineIds: readonly string[]) {
  const out = new Map<string, number>()
  for (let at = 0; at < lineIds.length; at += 500) {
    const docs = await store.db
      .collection<{ _id: string; line_id: string; credit: { amount: number } }>('credits')
      .find({ _id: { $in: lineIds.slice(at, at + 500).map((id) => `${tenantId}:${id}`) } })
      .toArray()
    for (const d of docs) out.set(d.line_id, d.credit.amount)
  }
  return out
}

/**
 * Waits until every line id is stored for the tenant; returns those still missing once none was stored for
 * `stallMs` (dead-lettered, or settlement stopped) or at `capAt`. Progress, not a fixed time: on a loaded
 * machine settlement works through thousands of accepted lines for minutes after the storm.
 */
export async function missingCredits(
  store: Store,
  tenantId: string,
  lineIds: ReadonlySet<string>,
  stallMs: number,
  capAt: number,
): Promise<string[]> {
  let missing = [...lineIds]
  let progressAt = Date.now()
  while (missing.length > 0) {
    const stored = await storedCredits(store, tenantId, missing)
    if (stored.size > 0) progressAt = Date.now()
    missing = missing.filter((id) => !stored.has(id))
    if (missing.length === 0 || Date.now() - progressAt > stallMs || Date.now() > capAt) break
    await new Promise((r) => setTimeout(r, 5000))
  }
  return missing
}

/** The other tenant's credits that differ from before the storm (changed or gone). */
export async function otherTenantChanges(store: Store, tenants: FuzzTenants): Promise<string[]> {
  const now = await storedCredits(store, tenants.otherTenantId, [...tenants.otherCredits.keys()])
  return [...tenants.otherCredits].flatMap(([id, amount]) =>
    now.get(id) === amount ? [] : [`${id}: ${amount} -> ${now.get(id) ?? 'gone'}`],
  )
}

/**
 * Tenant 0 of the bench is the fuzzing tenant, tenant 1 the other: its credits are posted through the
 * gateway (and awaited in the store), and one of its checks gets a settlement to read across tenants.
 */
export async function prepareTenants(bench: BenchStack, runId: string): Promise<FuzzTenants> {
  const [tenantId, otherTenantId] = bench.tenantIds as [string, string]
  const readOnlyKey = (await bench.store.tenants.createKey(tenantId, ['checks:read'])).key
  const lines = creditLines(new Prng(7), `${runId}-other`, 0, 20)
  const res = await fetch(`${bench.services.baseUrl}/v1/credits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.keys[1]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lines }),
  })
  if (res.status !== 202) throw new Error(`the other tenant's credits: ${res.status} ${await res.text()}`)
  const ids = new Set(lines.map((l) => l.line_id))
  const missing = await missingCredits(bench.store, otherTenantId, ids, 120_000, Date.now() + 300_000)
  if (missing.length > 0) throw new Error(`the other tenant's credits were not stored: ${missing.length}`)
  await bench.store.settlements.putSettlement({
    tenant_id: otherTenantId,
    check_id: otherCheckId,
    sbp_id: null,
    operation_number: null,
    amount_minor: 500_000,
    day: '2026-11-01',
    check: {
      amount: 5000,
      currency: 'RUB',
      paid_at: '2026-11-01T07:10:12.000Z',
      payer_name: null,
      created_at: '2026-11-01T07:12:00.000Z',
      recommendation: 'accept',
      reasons: [],
      profile: { name: 'default', version: 1 },
    },
    settlement: null,
    awaiting: false,
    due_at: null,
    open: true,
  })
  // A settlement the other tenant can read (200): the fuzzing tenant must not (404).
  await bench.store.settlements.saveOutcome(otherTenantId, otherCheckId, {
    status: 'not_found',
    joined_by: null,
    credit: null,
    reasons: ['settlement_not_found'],
    recommendation: 'review',
    due_at: null,
    updated_at: '2026-11-01T08:12:00.000Z',
  })
  return {
    tenantId,
    key: bench.keys[0] as string,
    readOnlyKey,
    otherTenantId,
    otherCredits: new Map(lines.map((l) => [l.line_id, l.amount])),
    otherCheckId,
  }
}
