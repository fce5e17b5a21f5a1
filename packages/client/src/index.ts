export { RvApiError, RvProtocolError, RvTimeoutError } from './api-error.js'
export {
  createClient,
  type RvClient,
  type SignedRecord,
  type Submission,
  type SubmitCheckInput,
  type WaitOptions,
} from './client.js'
export type { HttpOptions } from './http.js'
export type * from './types.js'
export { verifyEventSignature } from './verify-event.js'
export { type RecordVerification, verifyRecordSignature } from './verify-record.js'
export {
  RvWebhookSignatureError,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
} from './verify-webhook.js'
