/**
 * A complete, schema-valid check record with fake values. Tests, the OpenAPI examples and the gateway's
 * contract tests build on it instead of each inventing a record shape.
 */
import type { CheckRecord } from '@rv/schemas'

export function exampleRecord(overrides: Partial<CheckRecord> = {}): CheckRecord {
  return {
    id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
    status: 'done',
    created_at: '2026-03-11T07:12:00.000Z',
    tenant_id: 'tenant_demo',
    order_ref: 'order-1001',
    profile: 'default',
    profile_version: 1,
    mode: 'pdf',
    document: {
      verdict: 'genuine',
      family: 'vtb/sbp_outgoing',
      checks: [{ name: 'single_revision', hard: true, passed: true, detail: '' }],
    },
    fields: {
      bank: 'sberbank',
      amount: 600,
      currency: 'RUB',
      type: 'client_transfer',
      status_ok: true,
      receipt_number: 'B6042071012K4Q270000070011700101',
      paid_at: '2026-02-11T07:10:12Z',
      paid_at_source: 'receipt_number',
      recipient_name: 'Софья Олеговна Т.',
      recipient_account: '+7 (900) 123‑45‑67',
      payment_reference: null,
      purpose: null,
      sender_name: 'Пётр Сергеевич Л.',
      commission: 0,
      source: 'pdf_text',
      language: 'ru',
      confidence: { amount: 0.99, paid_at: 0.98 },
    },
    match: {
      bank: true,
      amount: true,
      currency: true,
      recipient: true,
      window: true,
      type: true,
      status: true,
      payment_reference: true,
    },
    replay: { seen_before: false, duplicate_of: null, keys_matched: [] },
    recommendation: 'accept',
    reasons: [],
    error: null,
    cost: { vlm_usd: 0, vlm_tokens: 0, latency_ms: 412, models: [], model_usage: [] },
    ...overrides,
  }
}
