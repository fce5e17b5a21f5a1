import type { Collection, Db } from 'mongodb'
import { findOneWith, retentionQueries } from './store-queries'

interface CursorDocument {
  /** The tenant id. */
  _id: string
  /** The last hour bucket whose checks were all erased. */
  hour: string
  at: Date
}

/** The retention sweeper's progress per tenant (`retention_cursors`), one document each. */
export function createRetentionCursors(db: Db) {
  const cursors: Collection<CursorDocument> = db.collection<CursorDocument>('retention_cursors')
  return {
    async get(tenantId: string): Promise<string | undefined> {
      return (await findOneWith(cursors, retentionQueries.cursorById(tenantId)))?.hour
    },
    async set(tenantId: string, hour: string, now = new Date()): Promise<void> {
      await cursors.replaceOne({ _id: tenantId }, { hour, at: now }, { upsert: true })
    },
    async erase(tenantId: string): Promise<void> {
      await cursors.deleteOne({ _id: tenantId })
    },
  }
}

export type RetentionCursors = ReturnType<typeof createRetentionCursors>
