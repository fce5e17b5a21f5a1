export * from './address-policy'
export { judgeAddress, parseAllowList } from './address-policy'
export * from './endpoint-input'
export { parseWebhookEndpointInput } from './endpoint-input'
export type { WebhookSource } from './webhook-event'
export * from './webhook-event'
export {
  buildWebhookEvent,
  ulidFromDigest,
  webhookDeliveryId,
  webhookEventSubject,
  webhookTopics,
} from './webhook-event'
export type { WebhookSchedule } from './webhook-schedule'
export * from './webhook-schedule'
export { defaultWebhookSchedule, nextAttempt, shouldDisableEndpoint } from './webhook-schedule'
export * from './webhook-signature'
export { signatureHeader, verifySignatureHeader } from './webhook-signature'
