/** The ledger of Kafka deliveries shared by a stage's replicas (@rv/kafka DeliveryLedger) on the real store. */
import { createCleanup } from '@rv/testing'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDeliveryLedger } from '../src/delivery-ledger'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-deliveries')
let first: MongoClient
let second: MongoClient

beforeAll(async () => {
  first = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  second = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  await Promise.all([first.connect(), second.connect()])
})

afterAll(async () => {
  await Promise.all([first.close(), second.close()])
  await cleanup.run()
})

describe('delivery ledger', () => {
  it('counts the deliveries of one message across processes, and forgets it when told', async () => {
    const database = cleanup.database()
    const replicaA = createDeliveryLedger(first.db(database))
    const replicaB = createDeliveryLedger(second.db(database))
    const id = 'rv-extraction/rv.check.submitted.v1/2/17'
    expect(await replicaA.begin(id)).toBe(1)
    expect(await replicaB.begin(id)).toBe(2)
    expect(await replicaA.begin(id)).toBe(3)
    expect(await replicaB.begin('rv-extraction/rv.check.submitted.v1/2/18')).toBe(1)
    await replicaB.end(id)
    expect(await replicaA.begin(id)).toBe(1)
    await replicaA.end(id)
    await replicaA.end(id)
  })

  it('raises a partition reservation, never lowers it, and answers the one before', async () => {
    const database = cleanup.database()
    const replicaA = createDeliveryLedger(first.db(database))
    const replicaB = createDeliveryLedger(second.db(database))
    const partition = 'rv-extraction/rv.check.submitted.v1/2'
    expect(await replicaA.reserve(partition, 50)).toBeUndefined()
    expect(await replicaA.reserve(partition, 120)).toBe(50)
    // A member that took the partition over reserves from its committed offset: the higher mark stays.
    expect(await replicaB.reserve(partition, 90)).toBe(120)
    expect(await replicaB.reserve(partition, 140)).toBe(120)
    expect(await replicaA.reserve('rv-extraction/rv.check.submitted.v1/0', 10)).toBeUndefined()
    const stored = await first
      .db(database)
      .collection('deliveries')
      .findOne({ _id: partition as never })
    expect(stored).toMatchObject({ until: 140 })
    expect(stored?.expires_at).toBeInstanceOf(Date)
  })
})
