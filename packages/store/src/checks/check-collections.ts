import type { Collection, Db } from 'mongodb'
import type { CheckDocument, CompletionDocument } from './check-document'
import { type CheckSlotStore, createCheckSlots } from './check-slots'

/**
 * The three collections a check lives in, the context every check concern takes.
 *
 * Written for FerretDB v1 as much as for MongoDB: FerretDB applies an update by reading and replacing the
 * whole document, so two concurrent updates of one document can lose one of them. Hence every fact that
 * must not be lost has its own document with its own single writer: each stage slot is a document
 * (`check_stages`), and the terminal record is claimed by inserting a unique completion document
 * (`check_completions`), which reads prefer. The `checks` document holds progress, where a lost write is
 * repaired by the next one.
 */
export interface CheckCollections {
  checks: Collection<CheckDocument>
  completions: Collection<CompletionDocument>
  slots: CheckSlotStore
}

export function openCheckCollections(db: Db): CheckCollections {
  return {
    checks: db.collection<CheckDocument>('checks'),
    completions: db.collection<CompletionDocument>('check_completions'),
    slots: createCheckSlots(db),
  }
}
