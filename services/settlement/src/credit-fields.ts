/** A credit line's stored fields: the line, and the join keys core normalises it to (`creditKeys`). */
import { creditKeys, moscowDay } from '@rv/core/settlement'
import type { CreditLine } from '@rv/schemas'
import type { CreditDocument } from '@rv/store'

export function creditFields(
  tenantId: string,
  credit: CreditLine,
  receivedAt: Date,
): Omit<CreditDocument, '_id' | 'received_hour'> {
  const keys = creditKeys(credit)
  return {
    tenant_id: tenantId,
    line_id: credit.line_id,
    credit,
    sbp_id: keys.sbpId,
    operation_number: keys.operationNumber,
    amount_minor: keys.amountMinor,
    day: moscowDay(keys.from),
    received_at: receivedAt,
  }
}
