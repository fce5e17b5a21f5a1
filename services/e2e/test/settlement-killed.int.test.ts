/**
 * The settlement service as a process on the real stack, killed (SIGKILL) in the middle of joining a
 * stream of credits and finished checks, then started again: every check is settled with its own credit
 * (nothing lost), no credit is used twice and no check holds two (nothing joined twice).
 */
import { exampleRecord } from '@rv/core'
import { createEventBus, type EventBus } from '@rv/kafka'
import type { CheckRecord, CheckSettlementChangedV1 } from '@rv/schemas'
import { connectStore, type Store } from '@rv/store'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment, type E2eEnvironment } from '../src/e2e-environment'
import { type RunningServices, startServices } from '../src/start-services'

const stack = inject('stack')
/** The tenant, created in beforeAll: settlement drops events of a tenant that does not exist (an erased one). */
let tenant = ''
const count = 60
let environment: E2eEnvironment
let bus: EventBus
let store: Store
let services: RunningServices | undefined
const changed: CheckSettlementChangedV1[] = []

const sbpId = (i: number) => `B6042071012K4Q27${String(i).padStart(16, '0')}`
const checkId = (i: number) => `chk_KILLED${String(i).padStart(12, '0')}`

function record(i: number): CheckRecord {
  return {
    ...exampleRecord(),
    id: checkId(i),
    tenant_id: tenant,
    status: 'done',
    recommendation: 'accept',
    reasons: [],
    fields: {
      ...exampleRecord().fields,
      amount: 100 + i,
      currency: 'RUB',
      receipt_number: sbpId(i),
      paid_at: '2026-02-11T07:10:12Z',
    },
  }
}

async function until(predicate: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

beforeAll(async () => {
  environment = createE2eEnvironment(stack, 'it-settle-kill')
  store = await connectStore({ url: stack.mongoUrl, database: environment.database })
  await store.ensureIndexes()
  tenant = (await store.tenants.createTenant('killed'))._id
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'it-settle-kill',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: environment.topicPrefix,
    shutdown: false,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  await bus.consume({
    groupId: randomName('it-settle-kill-watch'),
    topics: ['check.settlement-changed.v1'],
    handle: async ({ value }) => {
      changed.push(value)
    },
  })
}, 120_000)

afterAll(async () => {
  await services?.stop()
  await bus.close()
  await store.close()
  await environment.cleanup.run()
})

describe('settlement killed mid-join', () => {
  it('loses nothing and joins nothing twice', async () => {
    services = await startServices({ env: environment.env, only: ['settlement'], output: 'ignore' })
    // Credits first for the even checks, the checks first for the odd ones.
    for (let i = 0; i < count; i++) {
      // As the gateway publishes them (`source`: settlement refuses a producer not bound to the tenant).
      const credit = {
        tenant_id: tenant,
        source: 'api' as const,
        credit: {
          line_id: `line-${i}`,
          amount: 100 + i,
          currency: 'RUB',
          credited_at: '2026-02-11T07:10:14Z',
          sbp_operation_id: sbpId(i),
        },
      }
      if (i % 2 === 0) await bus.publish('credit.received.v1', tenant, credit)
      await bus.publish('check.completed.v1', checkId(i), record(i))
      if (i % 2 === 1) await bus.publish('credit.received.v1', tenant, credit)
    }
    // Kill it while it works through the stream (some joined, some not yet).
    await until(() => changed.length >= 5, 90_000)
    await services.killService('settlement', 'SIGKILL')
    const beforeRestart = new Set(changed.map((c) => c.check_id)).size
    expect(beforeRestart).toBeLessThan(count)
    services.startService('settlement')

    const settled = async () => {
      let n = 0
      for (let i = 0; i < count; i++)
        if ((await store.settlements.findSettlement(tenant, checkId(i)))?.settlement?.status === 'confirmed')
          n++
      return n === count
    }
    await until(settled, 120_000)
    for (let i = 0; i < count; i++) {
      const doc = await store.settlements.findSettlement(tenant, checkId(i))
      expect(doc?.settlement?.credit?.line_id, checkId(i)).toBe(`line-${i}`)
      expect(await store.settlements.claimOfLine(tenant, `line-${i}`)).toBe(checkId(i))
      expect(await store.settlements.claimOfCheck(tenant, checkId(i))).toBe(`line-${i}`)
    }
    const claims = await store.db.collection('settlement_claims').countDocuments()
    expect(claims).toBe(2 * count)
    // Every check's confirmation was published (at least once).
    await until(
      () =>
        new Set(changed.filter((c) => c.settlement.status === 'confirmed').map((c) => c.check_id)).size ===
        count,
      30_000,
    )
  }, 300_000)
})
