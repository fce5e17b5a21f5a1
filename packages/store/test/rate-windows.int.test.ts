/** The gateway replicas' shared request counters on the real store. */
import { createCleanup } from '@rv/testing'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createRateWindowRepository } from '../src/rate-window-repository'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-rate-windows')
let client: MongoClient

beforeAll(async () => {
  client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  await client.connect()
})

afterAll(async () => {
  await client.close()
  await cleanup.run()
})

describe('rate window repository', () => {
  it("answers the other replicas' counts of a tenant's window, and drops a writer's previous window", async () => {
    const db = client.db(cleanup.database())
    const a = createRateWindowRepository(db, { writer: 'a' })
    const b = createRateWindowRepository(db, { writer: 'b' })
    await a.ensureIndexes()
    expect(await a.sync('ten_1', 7, 5)).toBe(0)
    expect(await b.sync('ten_1', 7, 3)).toBe(5)
    expect(await a.sync('ten_1', 7, 9)).toBe(3)
    expect(await b.sync('ten_2', 7, 1)).toBe(0)
    expect(await b.sync('ten_1', 8, 1, 7)).toBe(0)
    expect(await a.sync('ten_1', 7, 9)).toBe(0)
    expect(await db.collection('rate_windows').countDocuments({})).toBe(3)
  })
})
