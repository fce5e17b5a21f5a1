import { MongoClient } from 'mongodb'
import { observeCommands } from './command-metrics'
import { createRepositories, ensureRepositoryIndexes, type StoreOptions } from './store-repositories'

export type { StoreOptions } from './store-repositories'

/**
 * Connects and returns every repository over one client (the list: `store-repositories.ts`).
 *
 * @example
 * const store = await connectStore({ url: 'mongodb://127.0.0.1:27018', database: 'rv' })
 * await store.ensureIndexes()
 */
export async function connectStore(options: StoreOptions) {
  const client = new MongoClient(options.url, { serverSelectionTimeoutMS: 5000, monitorCommands: true })
  observeCommands(client)
  await client.connect()
  const db = client.db(options.database)
  const repositories = createRepositories(db, options)

  return {
    db,
    ...repositories,
    async ensureIndexes(): Promise<void> {
      await ensureRepositoryIndexes(repositories)
    },
    async ping(): Promise<void> {
      await db.command({ ping: 1 })
    },
    async close(): Promise<void> {
      await client.close()
    },
  }
}

export type Store = Awaited<ReturnType<typeof connectStore>>
