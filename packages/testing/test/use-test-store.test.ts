/** useTestStore really connects to a fresh database, and after its suite the store is closed and the database gone. */
import { type Db, MongoClient } from 'mongodb'
import { describe, expect, inject, it } from 'vitest'
import { useTestStore } from '../src/use-test-store'

/** A minimal store over the driver: what `connectStore` gives, as far as the helper cares. */
const opened: { database: string; indexed: boolean; closed: boolean }[] = []
async function connect({ url, database }: { url: string; database: string }) {
  const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 10_000 })
  const seen = { database, indexed: false, closed: false }
  opened.push(seen)
  return {
    db: client.db(database) as Db,
    async ensureIndexes() {
      seen.indexed = true
    },
    async close() {
      seen.closed = true
      await client.close()
    },
  }
}

async function databaseNames(): Promise<string[]> {
  const client = await MongoClient.connect(inject('stack').mongoUrl, { serverSelectionTimeoutMS: 10_000 })
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true })
    return databases.map((d) => d.name)
  } finally {
    await client.close()
  }
}

const names: string[] = []

describe('useTestStore', () => {
  const store = useTestStore('it-use-test-store', connect)
  const other = useTestStore('it-use-test-store', connect, { ensureIndexes: false })
  names.push(store.database, other.database)

  it('connects each use to its own fresh database, with indexes unless told not to', async () => {
    expect(store.database).not.toBe(other.database)
    expect(store().db.databaseName).toBe(store.database)
    expect(opened.map((o) => [o.database, o.indexed])).toEqual([
      [store.database, true],
      [other.database, false],
    ])
    await store().db.collection('c').insertOne({ a: 1 })
    await other().db.collection('c').insertOne({ a: 2 })
    expect(await databaseNames()).toEqual(expect.arrayContaining(names))
  })
})

describe('after a suite that used it', () => {
  it('every store is closed and every database dropped', async () => {
    expect(opened.map((o) => o.closed)).toEqual([true, true])
    const left = await databaseNames()
    for (const name of names) expect(left).not.toContain(name)
  })
})
