/** The gateway replicas' shared request counters on the real store. */
import { createCleanup } from '@rv/testing'
import { type CommandStartedEvent, MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createRateWindowRepository } from '../src/rate-window-repository'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-rate-windows')
let client: MongoClient
const commands: string[] = []

beforeAll(async () => {
  client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000, monitorCommands: true })
  client.on('commandStarted', (event: CommandStartedEvent) => commands.push(event.commandName))
  await client.connect()
})

afterAll(async () => {
  await client.close()
  await cleanup.run()
})

const totals = (m: Map<string, number>) => Object.fromEntries(m)

describe('rate window repository', () => {
  it("syncs every tenant of a window in one write and one read, answering the other replicas' counts of all", async () => {
    const db = client.db(cleanup.database())
    const a = createRateWindowRepository(db, { writer: 'a' })
    const b = createRateWindowRepository(db, { writer: 'b' })
    await a.ensureIndexes()
    expect(totals(await a.syncWindow(7, [{ tenantId: 'ten_1', count: 5 }]))).toEqual({ ten_1: 0 })
    expect(totals(await b.syncWindow(6, [{ tenantId: 'ten_9', count: 2 }]))).toEqual({ ten_9: 0 })
    commands.length = 0
    const seen = await b.syncWindow(7, [
      { tenantId: 'ten_1', count: 3 },
      { tenantId: 'ten_2', count: 1 },
      { tenantId: 'ten_3', count: 4 },
    ])
    expect(totals(seen)).toEqual({ ten_1: 5, ten_2: 0, ten_3: 0 })
    // Three tenants, one bulk update and one read.
    // b moved on from window 6: its documents of it deleted; three tenants, one bulk update and one read.
    expect(commands).toEqual(['delete', 'update', 'find'])
    commands.length = 0
    // Nothing new to write: only the read, which answers every tenant of the window.
    expect(totals(await b.syncWindow(7, []))).toEqual({ ten_1: 5 })
    expect(commands).toEqual(['find'])
    expect(
      totals(
        await a.syncWindow(7, [
          { tenantId: 'ten_1', count: 9 },
          { tenantId: 'ten_3', count: 1 },
        ]),
      ),
    ).toEqual({
      ten_1: 3,
      ten_2: 1,
      ten_3: 4,
    })
  })

  it("drops a writer's documents of the window it synced before, once, when it moves to the next", async () => {
    const db = client.db(cleanup.database())
    const a = createRateWindowRepository(db, { writer: 'a' })
    const b = createRateWindowRepository(db, { writer: 'b' })
    await a.ensureIndexes()
    await a.syncWindow(7, [
      { tenantId: 'ten_1', count: 9 },
      { tenantId: 'ten_2', count: 2 },
    ])
    await b.syncWindow(7, [{ tenantId: 'ten_1', count: 3 }])
    commands.length = 0
    expect(totals(await b.syncWindow(8, [{ tenantId: 'ten_1', count: 1 }]))).toEqual({ ten_1: 0 })
    expect(commands).toEqual(['delete', 'update', 'find'])
    expect(totals(await a.syncWindow(8, [{ tenantId: 'ten_1', count: 2 }]))).toEqual({ ten_1: 1 })
    const ids = (await db.collection('rate_windows').find({}).toArray()).map((d) => d._id).sort()
    expect(ids).toEqual(['ten_1:8:a', 'ten_1:8:b'])
  })
})
