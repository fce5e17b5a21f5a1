/**
 * The contract of the system: JSON Schemas in `schemas/json` are the source of truth; the types below are
 * generated from them (`npm run generate -w @rv/schemas`, checked for drift in CI).
 */

import apiErrorSchema from '../json/api-error.schema.json'
import checkRecordSchema from '../json/check-record.schema.json'
import creditLineSchema from '../json/credit-line.schema.json'
import expectationSchema from '../json/expectation.schema.json'
import profileSchema from '../json/profile.schema.json'
import settlementSchema from '../json/settlement.schema.json'
import webhookDeliverySchema from '../json/webhook-delivery.schema.json'
import webhookEndpointSchema from '../json/webhook-endpoint.schema.json'
import webhookEventSchema from '../json/webhook-event.schema.json'

export type { ApiErrorResponse } from './generated/api-error'
export type * from './generated/check-record'
export type { CreditLine } from './generated/credit-line'
// Events: one value type and one bundled (standalone) schema per topic, generated from schemas/json/events.
export type * from './generated/events'
export { eventSchemas, eventTopics } from './generated/events'
export type { Expectation } from './generated/expectation'
export type { Action as ProfileAction, Profile } from './generated/profile'
export type { Settlement } from './generated/settlement'
export type { WebhookAttempt, WebhookDelivery } from './generated/webhook-delivery'
export type { WebhookEndpoint } from './generated/webhook-endpoint'
export type { WebhookEvent, WebhookEventType } from './generated/webhook-event'
export {
  apiErrorSchema,
  checkRecordSchema,
  creditLineSchema,
  expectationSchema,
  profileSchema,
  settlementSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEventSchema,
}
