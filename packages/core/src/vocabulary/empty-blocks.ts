/** The record's blocks before their stage reported: every value null, every list empty (schema: "null while pending"). */
import type { Cost, DocumentAssessment, MatchFlags, ReceiptFields, ReplayResult } from '@rv/schemas'

export function emptyDocument(family: string | null = null): DocumentAssessment {
  return { verdict: null, family, checks: [] }
}

export function emptyFields(): ReceiptFields {
  return {
    bank: null,
    amount: null,
    currency: null,
    type: null,
    status_ok: null,
    receipt_number: null,
    paid_at: null,
    paid_at_source: null,
    recipient_name: null,
    recipient_account: null,
    payment_reference: null,
    purpose: null,
    sender_name: null,
    commission: null,
    source: null,
    language: null,
    confidence: {},
  }
}

export function emptyMatch(): MatchFlags {
  return {
    bank: null,
    amount: null,
    currency: null,
    recipient: null,
    window: null,
    type: null,
    status: null,
    payment_reference: null,
  }
}

export function emptyReplay(): ReplayResult {
  return { seen_before: null, duplicate_of: null, keys_matched: [] }
}

export function emptyCost(): Cost {
  return { vlm_usd: 0, vlm_tokens: 0, latency_ms: null, models: [], model_usage: [] }
}
