/**
 * The check repository the aggregator handler declares (`AggregatorDeps['checks']`), in memory, for its
 * unit tests: slots written once, the terminal record claimed once, and a log of the writes in order.
 * The real repository's semantics are held by the integration tests against MongoDB (`test/*.int.test.ts`);
 * this fake leaves out the repair of a stale claim.
 */
import type { CheckRecord } from '@rv/schemas'
import type { CheckDocument, CheckSlots } from '@rv/store'
import type { AggregatorDeps } from '../src/handler'

type Checks = AggregatorDeps['checks']
type Slot = Parameters<Checks['insertStage']>[1]

export function createInMemoryChecks() {
  const documents = new Map<string, CheckDocument>()
  const slots = new Map<string, CheckSlots>()
  const claims = new Map<string, CheckRecord>()
  /**
   * Writes in order: `slot <id> <slot>`, `progress <id>`, `claim <id>`, `finish <id> <published>`,
   * `insert finished <id> <published>` (a check the gateway never stored, created by the final write).
   */
  const log: string[] = []

  const slotsOf = (id: string): CheckSlots => slots.get(id) ?? { stages: {} }
  const withStages = (doc: CheckDocument | undefined) =>
    doc && { ...doc, stages: { ...slotsOf(doc._id).stages } }

  const checks: Checks = {
    findTenant: async (id) => documents.get(id)?.tenant_id,
    findDocument: async (id) => withStages(documents.get(id)),
    findStages: async (id) => structuredClone(slotsOf(id)),
    async insertStage(id: string, slot: Slot, value: unknown, submission?: Record<string, unknown>) {
      const current = slotsOf(id)
      if (slot in current.stages) return false
      log.push(`slot ${id} ${slot}`)
      slots.set(id, {
        stages: { ...current.stages, [slot]: value },
        submission: current.submission ?? submission,
      })
      return true
    },
    async recordProgress(record) {
      const doc = documents.get(record.id)
      if (doc?.status !== 'pending') return false
      log.push(`progress ${record.id}`)
      documents.set(record.id, { ...doc, record, status: record.status })
      return true
    },
    async claimCompletion(record) {
      if (claims.has(record.id)) return false
      log.push(`claim ${record.id}`)
      claims.set(record.id, record)
      return true
    },
    async finishCompleted(record, published) {
      const doc = documents.get(record.id)
      if (!doc) return false
      log.push(`finish ${record.id} ${published}`)
      documents.set(record.id, { ...doc, record, status: record.status, completed_published: published })
      return true
    },
    async insertFinished(record, submission, published) {
      if (documents.has(record.id)) return false
      log.push(`insert finished ${record.id} ${published}`)
      documents.set(record.id, {
        ...documentOf(record.id, record.tenant_id, record, submission),
        completed_published: published,
      })
      return true
    },
  }

  /** The check as the gateway writes it before publishing check.submitted.v1. */
  function gatewayWrite(record: CheckRecord, submission: Record<string, unknown>): void {
    documents.set(record.id, documentOf(record.id, record.tenant_id, record, submission))
  }

  return { checks, documents, slots, claims, log, gatewayWrite }
}

function documentOf(
  id: string,
  tenantId: string,
  record: CheckRecord,
  submission: Record<string, unknown>,
): CheckDocument {
  const at = new Date(record.created_at)
  return {
    _id: id,
    tenant_id: tenantId,
    status: record.status,
    created_at: at,
    updated_at: at,
    record,
    submission,
    published: true,
    stages: {},
  }
}
