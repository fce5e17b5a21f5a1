/** The settlement tests' finished check and credit line: a receipt paid 2026-02-11 07:10:12 UTC, its credit 2 s later. */
import { exampleRecord } from '@rv/core'
import type { CheckRecord, CreditLine } from '@rv/schemas'

/** A `done` check of `tenantId` printing `sbpId` (empty: none) for `amount` RUB, accepted. */
export function doneReceipt(
  tenantId: string,
  sbpId: string,
  amount: number,
  id = `chk_${Math.random().toString(36).slice(2, 14).padEnd(12, '0')}`,
): CheckRecord {
  const example = exampleRecord()
  return {
    ...example,
    id,
    tenant_id: tenantId,
    status: 'done',
    created_at: '2026-02-11T07:12:00.000Z',
    recommendation: 'accept',
    reasons: [],
    fields: {
      ...example.fields,
      amount,
      currency: 'RUB',
      receipt_number: sbpId,
      payment_reference: null,
      paid_at: '2026-02-11T07:10:12Z',
      sender_name: 'Пётр Сергеевич Л.',
    },
  }
}

/** The bank's line of that payment: `amount` RUB credited with `sbpId`, the payer as the receipt names him. */
export function creditLine(sbpId: string, amount: number, lineId = `line-${sbpId}`): CreditLine {
  return {
    line_id: lineId,
    amount,
    currency: 'RUB',
    credited_at: '2026-02-11T07:10:14Z',
    payer_name: 'Пётр Сергеевич Л.',
    sbp_operation_id: sbpId,
  }
}
