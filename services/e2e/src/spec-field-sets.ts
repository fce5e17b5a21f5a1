/**
 * The field sets of the HTTP contract, transcribed from the specification's tables (not derived from the
 * implementation, so a drift in the projection code fails the end-to-end test).
 */
export const specTopLevel = [
  'id',
  'status',
  'created_at',
  'tenant_id',
  'order_ref',
  'profile',
  'profile_version',
  'mode',
  'document',
  'fields',
  'match',
  'replay',
  'recommendation',
  'reasons',
  'error',
  'cost',
]
export const specDocument = ['verdict', 'family', 'checks']
export const specCheck = ['name', 'hard', 'passed', 'detail']
export const specFieldsGet = [
  'amount',
  'currency',
  'type',
  'status_ok',
  'receipt_number',
  'paid_at',
  'paid_at_source',
  'recipient_name',
  'sender_name',
  'commission',
  'source',
  'language',
  'confidence',
]
export const specFieldsPost = [...specFieldsGet, 'bank', 'recipient_account', 'payment_reference', 'purpose']
export const specMatchGet = ['bank', 'amount', 'currency', 'recipient', 'window', 'type', 'status']
export const specMatchPost = [...specMatchGet, 'payment_reference']
export const specReplay = ['seen_before', 'duplicate_of', 'keys_matched']
export const specCost = ['vlm_usd', 'vlm_tokens', 'latency_ms', 'models', 'model_usage']
export const specError = ['code', 'message', 'retryable']

export const sorted = (keys: readonly string[]) => [...keys].sort()
