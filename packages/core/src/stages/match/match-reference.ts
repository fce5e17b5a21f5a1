/**
 * A payment reference (an order number the payer was told to quote) is found either as one of the
 * receipt's operation numbers, or inside the printed purpose/message as a whole token sequence (so `12`
 * does not match inside `Заказ 123`).
 */
import type { ReceiptFields } from '@rv/schemas'
import { foldText } from './normalize-text'

const fold = foldText

function containsAsToken(haystack: string, needle: string): boolean {
  let from = 0
  for (;;) {
    const at = haystack.indexOf(needle, from)
    if (at < 0) return false
    const before = haystack[at - 1]
    const after = haystack[at + needle.length]
    // A hyphen glues a token (`123-45` is one reference), so it is not an edge.
    const edge = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}-]/u.test(c)
    if (edge(before) && edge(after)) return true
    from = at + 1
  }
}

export function matchReference(fields: ReceiptFields, expected: string): boolean {
  const needle = fold(expected)
  if (needle === '') return false
  for (const number of [fields.payment_reference, fields.receipt_number]) {
    if (number !== null && fold(number).replace(/[ -]/g, '') === needle.replace(/[ -]/g, '')) return true
  }
  return fields.purpose !== null && containsAsToken(fold(fields.purpose), needle)
}
