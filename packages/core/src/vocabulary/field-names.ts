/**
 * The receipt's field names (check-record.schema.json `ReceiptFields`), held to the schema with `satisfies` so
 * a field added there shows up here as a type error.
 */
import type { ReceiptFields, TransferType } from '@rv/schemas'

/** The fields a family's layout rules may read from a page (everything a receipt prints). */
export const readableFieldNames = [
  'bank',
  'amount',
  'currency',
  'status_ok',
  'receipt_number',
  'paid_at',
  'recipient_name',
  'recipient_account',
  'payment_reference',
  'purpose',
  'sender_name',
  'commission',
] as const satisfies readonly (keyof ReceiptFields)[]
export type ReadableFieldName = (typeof readableFieldNames)[number]

/** Every transfer type the schema knows (`ReceiptFields.type`). */
export const transferTypes = [
  'client_transfer',
  'card_transfer',
  'cross_border_transfer',
  'incoming_transfer',
  'salary',
  'mobile_payment',
  'other',
] as const satisfies readonly TransferType[]

/** Compile-time: the list names every member of the schema's `TransferType` (a new member fails to compile). */
const everyTransferType: Exclude<TransferType, (typeof transferTypes)[number]> extends never ? true : false =
  true
void everyTransferType
