/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { CheckAuthenticatedV1 } from './check.authenticated.v1'
import type { CheckCompletedV1 } from './check.completed.v1'
import type { CheckExtractedV1 } from './check.extracted.v1'
import type { CheckMatchedV1 } from './check.matched.v1'
import type { CheckReplayCheckedV1 } from './check.replay-checked.v1'
import type { CheckReviewedV1 } from './check.reviewed.v1'
import type { CheckSettlementChangedV1 } from './check.settlement-changed.v1'
import type { CheckSubmittedV1 } from './check.submitted.v1'
import type { CreditReceivedV1 } from './credit.received.v1'
import checkAuthenticatedV1Schema from './check.authenticated.v1.bundled.json'
import checkCompletedV1Schema from './check.completed.v1.bundled.json'
import checkExtractedV1Schema from './check.extracted.v1.bundled.json'
import checkMatchedV1Schema from './check.matched.v1.bundled.json'
import checkReplayCheckedV1Schema from './check.replay-checked.v1.bundled.json'
import checkReviewedV1Schema from './check.reviewed.v1.bundled.json'
import checkSettlementChangedV1Schema from './check.settlement-changed.v1.bundled.json'
import checkSubmittedV1Schema from './check.submitted.v1.bundled.json'
import creditReceivedV1Schema from './credit.received.v1.bundled.json'

export type * from './check.authenticated.v1'
export type * from './check.completed.v1'
export type * from './check.extracted.v1'
export type * from './check.matched.v1'
export type * from './check.replay-checked.v1'
export type * from './check.reviewed.v1'
export type * from './check.settlement-changed.v1'
export type * from './check.submitted.v1'
export type * from './credit.received.v1'

/** Every event topic with a registered value schema. */
export const eventTopics = ['check.authenticated.v1', 'check.completed.v1', 'check.extracted.v1', 'check.matched.v1', 'check.replay-checked.v1', 'check.reviewed.v1', 'check.settlement-changed.v1', 'check.submitted.v1', 'credit.received.v1'] as const

export type EventTopic = (typeof eventTopics)[number]

/** The value type carried by each event topic. */
export interface EventValueByTopic {
  'check.authenticated.v1': CheckAuthenticatedV1
  'check.completed.v1': CheckCompletedV1
  'check.extracted.v1': CheckExtractedV1
  'check.matched.v1': CheckMatchedV1
  'check.replay-checked.v1': CheckReplayCheckedV1
  'check.reviewed.v1': CheckReviewedV1
  'check.settlement-changed.v1': CheckSettlementChangedV1
  'check.submitted.v1': CheckSubmittedV1
  'credit.received.v1': CreditReceivedV1
}

/** Standalone (bundled) JSON Schema of each topic value, as registered under subject `<topic>-value`. */
export const eventSchemas: Record<EventTopic, object> = {
  'check.authenticated.v1': checkAuthenticatedV1Schema,
  'check.completed.v1': checkCompletedV1Schema,
  'check.extracted.v1': checkExtractedV1Schema,
  'check.matched.v1': checkMatchedV1Schema,
  'check.replay-checked.v1': checkReplayCheckedV1Schema,
  'check.reviewed.v1': checkReviewedV1Schema,
  'check.settlement-changed.v1': checkSettlementChangedV1Schema,
  'check.submitted.v1': checkSubmittedV1Schema,
  'credit.received.v1': creditReceivedV1Schema,
}
