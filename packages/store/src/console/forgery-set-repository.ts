import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import type { StoredFileRef } from '../review-repository'
import { findWith } from '../store-queries'
import { consoleErasureQueries, consoleIndexes, consoleQueries } from './console-queries'

/** A receipt a person confirmed forged: one case of its tenant's forgery regression set (`forgery_set`). */
export interface ForgeryCaseDocument {
  /** The check id: a check joins once. */
  _id: string
  tenant_id: string
  family: string | null
  /** The machine's verdict when it was confirmed forged: a regression is a later verdict of `genuine`. */
  verdict_was: string | null
  reason_code: string | null
  decided_by: string
  file: StoredFileRef
  added_at: Date
}

/**
 * The tenant's confirmed forgeries, kept as file references (never copies): the cases a changed fingerprint
 * or check must still not call genuine.
 */
export function createForgerySetRepository(db: Db) {
  const cases: Collection<ForgeryCaseDocument> = db.collection('forgery_set')
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.forgery_set) await cases.createIndex(index)
    },
    /** Adds the case once; false when the check is already in the set. */
    async add(doc: ForgeryCaseDocument): Promise<boolean> {
      try {
        await cases.insertOne(doc)
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },
    /** Erasure: a check's case (the set keeps file references, never copies: the file goes with the check). */
    async eraseCheck(checkId: string): Promise<void> {
      await cases.deleteOne({ _id: checkId })
    },
    async eraseTenant(tenantId: string): Promise<void> {
      await cases.deleteMany(consoleErasureQueries.forgerySetOfTenant(tenantId).filter)
    },
    async ofTenant(tenantId: string): Promise<ForgeryCaseDocument[]> {
      return findWith(cases, consoleQueries.forgerySet(tenantId)).toArray()
    },
  }
}

export type ForgerySetRepository = ReturnType<typeof createForgerySetRepository>
