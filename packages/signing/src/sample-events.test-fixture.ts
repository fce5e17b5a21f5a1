import { buildWebhookEvent, type WebhookSource } from '@rv/core/webhooks'
import { sampleRecord } from './sample-record.test-fixture'

const checkId = 'chk_01JABCDEFGHJKMNPQRSTVWXYZ0'

/** One event of each signed result topic, with the characters canonical JSON must get right. */
export function sampleEvents() {
  return {
    'check.completed.v1': sampleRecord(checkId),
    'check.settlement-changed.v1': {
      check_id: checkId,
      tenant_id: 'shop-1',
      settlement: {
        status: 'confirmed',
        joined_by: 'sbp_operation_id',
        credit: {
          line_id: 'line-7',
          amount: 600.5,
          currency: 'RUB',
          credited_at: '2026-11-28T10:00:03.000Z',
          payer_name: 'Михаил О.',
          sbp_operation_id: 'B6042071012K4Q270000000000000001',
        },
        reasons: ['settlement_confirmed'],
        recommendation: 'accept',
        due_at: null,
        updated_at: '2026-11-28T10:00:05.000Z',
      },
    },
    'check.reviewed.v1': {
      check_id: checkId,
      tenant_id: 'shop-1',
      seq: 1,
      decision: 'forged',
      reason_code: 'edited_values',
      note: 'сумма исправлена — «600,50 ₽»',
      decided_by: 'analyst@example.com',
      role: 'analyst',
      record_sha256: 'a'.repeat(64),
      recommendation_was: 'review',
      decided_at: '2026-11-28T10:05:00.000Z',
    },
  } as const
}

/** The webhook body the webhooks service builds from a result-topic event (its `data` is the event). */
export function webhookBodyOf(topic: string, value: object) {
  return buildWebhookEvent({ topic, value } as unknown as WebhookSource).event
}
