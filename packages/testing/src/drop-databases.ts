import { MongoClient } from 'mongodb'

/** Drops the given databases (dropping one that does not exist is a no-op on the server). */
export async function dropDatabases(mongoUrl: string, databases: string[]): Promise<void> {
  if (databases.length === 0) return
  const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 10_000 })
  try {
    for (const name of databases) await client.db(name).dropDatabase()
  } finally {
    await client.close()
  }
}
