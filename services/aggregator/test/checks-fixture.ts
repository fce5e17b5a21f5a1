/** Checks as the gateway leaves them, and their four stage results, for the aggregator's store tests. */
import { exampleRecord, pendingRecord } from '@rv/core'
import type { CheckSubmittedV1 } from '@rv/schemas'
import type { Store } from '@rv/store'
import { type ResultMessage, submissionInfo } from '../src/to-aggregate-event'

export const example = exampleRecord()
let sequence = 0

/** A distinct submission (ids carry `tag`), created at `createdAt`. */
export function newSubmission(tag: string, createdAt: string): CheckSubmittedV1 {
  sequence++
  return {
    check_id: `chk_01${tag}${String(sequence).padStart(24 - tag.length, '0')}`,
    tenant_id: 'ten_a',
    created_at: createdAt,
    file: { bucket: 'b', key: 'k', sha256: 'a'.repeat(64), size: 1, content_type: 'application/pdf' },
    expectation: { order_ref: 'o-1' },
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  }
}

/** What the gateway writes before publishing: the pending check, its outbox flag raised if `published`. */
export async function gatewayWrite(store: Store, s: CheckSubmittedV1, published = true): Promise<void> {
  await store.checks.insertPending(pendingRecord(submissionInfo(s)), s as unknown as Record<string, unknown>)
  if (published) await store.checks.markPublished(s.check_id)
}

/** The four stages' results for `s`, all successful. */
export function resultsFor(
  s: CheckSubmittedV1,
): Record<'extraction' | 'authenticity' | 'matching' | 'replay', ResultMessage> {
  const ids = { check_id: s.check_id, tenant_id: s.tenant_id }
  return {
    extraction: {
      topic: 'check.extracted.v1',
      value: {
        ...ids,
        submission: s,
        extraction: {
          family: 'vtb/x',
          fields: example.fields,
          normalized_text_sha256: 'b'.repeat(64),
          facts: {},
        },
      },
    },
    authenticity: { topic: 'check.authenticated.v1', value: { ...ids, document: example.document } },
    matching: { topic: 'check.matched.v1', value: { ...ids, match: example.match } },
    replay: { topic: 'check.replay-checked.v1', value: { ...ids, replay: example.replay, reasons: [] } },
  }
}
