/**
 * The store commands the console's review feeder sends for one finished check, counted from the driver's
 * command monitoring on the real store (docs/capacity.md, "Store commands per check").
 */
import { exampleRecord } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { tallyCommands } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { beforeAll, describe, expect, it } from 'vitest'
import { storeErasureLook } from '../src/queue/erasure-look'
import { createQueueFeeder } from '../src/queue/queue-feeder'

const store = useTestStore('it-feeder-commands', connectStore)
let tenantId: string

beforeAll(async () => {
  tenantId = (await store().tenants.createTenant('feeder-commands'))._id
})

const finished = (id: string, recommendation: 'accept' | 'review'): CheckRecord => ({
  ...exampleRecord(),
  id,
  tenant_id: tenantId,
  status: 'done',
  recommendation,
})

describe('review feeder store commands per check', () => {
  it('queues a check sent to review; an accepted one costs nothing', async () => {
    const feed = createQueueFeeder(store().reviewQueue, storeErasureLook(store()))
    await feed(finished('chk_feedcmd00000001', 'review'))
    const tally = tallyCommands(store().db.client)
    await feed(finished('chk_feedcmd00000002', 'accept'))
    expect(tally.take()).toEqual([])
    await feed(finished('chk_feedcmd00000003', 'review'))
    expect(tally.take()).toEqual([
      // Before: the tenant live from memory (was `find tenants`), the tombstone.
      'find check_tombstones',
      'insert review_queue',
      // After, the guard: both asked.
      'find tenants',
      'find check_tombstones',
    ])
    tally.stop()
  })
})
