/** Deliveries and rate windows left behind expire: the retention job's sweep deletes them on the real store. */
import { createCleanup } from '@rv/testing'
import { type Db, MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDeliveryLedger } from '../src/delivery-ledger'
import { createExpirySweeper } from '../src/expiring-documents'
import { createRateWindowRepository } from '../src/rate-window-repository'
import { expiringCollections } from '../src/store-queries'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-expiry')
const hour = 60 * 60 * 1000
let client: MongoClient
let db: Db

beforeAll(async () => {
  client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  await client.connect()
  db = client.db(cleanup.database())
})

afterAll(async () => {
  await client.close()
  await cleanup.run()
})

const ids = async (collection: string) =>
  (await db.collection(collection).find({}).toArray()).map((d) => String(d._id)).sort()

describe('expiring documents', () => {
  it("deletes a dead replica's deliveries and rate windows once expired, and keeps the live ones", async () => {
    const now = new Date()
    const ago = (ms: number) => () => new Date(now.getTime() - ms)
    const deadLedger = createDeliveryLedger(db, { now: ago(25 * hour) })
    const liveLedger = createDeliveryLedger(db, { now: () => now })
    const deadGateway = createRateWindowRepository(db, { writer: 'dead', now: ago(2 * hour) })
    const liveGateway = createRateWindowRepository(db, { writer: 'live', now: () => now })
    await deadLedger.ensureIndexes()
    await deadGateway.ensureIndexes()

    expect(await deadLedger.begin('g/t/0/1')).toBe(1)
    expect(await liveLedger.begin('g/t/0/2')).toBe(1)
    await deadGateway.syncWindow(100, [{ tenantId: 'ten_1', count: 4 }])
    expect((await liveGateway.syncWindow(160, [{ tenantId: 'ten_1', count: 2 }])).get('ten_1')).toBe(0)

    const sweeper = createExpirySweeper(db)
    const first = await sweeper.sweep(now, { maxHours: 30 })
    expect(first.deleted).toBe(2)
    expect(await ids('deliveries')).toEqual(['g/t/0/2'])
    expect(await ids('rate_windows')).toEqual(['ten_1:160:live'])

    // Idempotent, and the cursor moved: nothing more to do this hour.
    expect(await sweeper.sweep(now, { maxHours: 30 })).toEqual({ hours: 0, deleted: 0 })
    // A day later the live ones are past too; the next sweep walks the hours since its cursor.
    const later = await sweeper.sweep(new Date(now.getTime() + 26 * hour))
    expect(later.deleted).toBe(2)
    expect(later.hours).toBe(expiringCollections.length * 26)
    expect(await ids('deliveries')).toEqual([])
    expect(await ids('rate_windows')).toEqual([])
  })

  it('keeps a TTL index on expires_at where the server has TTL indexes (MongoDB), none where it refuses them', async () => {
    const probe = await db
      .collection('ttl_probe')
      .createIndex({ at: 1 }, { expireAfterSeconds: 0 })
      .then(() => 'supported')
      .catch((err: { code?: number }) => (err.code === 238 ? 'not implemented' : `error ${err.code}`))
    expect(probe).not.toMatch(/^error/)
    for (const collection of ['deliveries', 'rate_windows']) {
      const indexes = await db.collection(collection).indexes()
      expect(indexes.some((i) => i.key.expires_hour === 1)).toBe(true)
      const ttl = indexes.find((i) => i.key.expires_at === 1)
      if (probe === 'supported') expect(ttl?.expireAfterSeconds).toBe(0)
      else expect(ttl).toBeUndefined()
    }
  })
})
