/**
 * The recipient flag combines the name and the identifiers. A receipt prints one identifier (phone, card
 * or account), so the identifiers an expectation lists are alternatives: one of them must agree with the
 * printed one, and none of the same kind may contradict it. The name, when asked, must agree as well.
 */
import type { Expectation, ReceiptFields } from '@rv/schemas'
import { type IdentifierKind, identifierKinds, matchIdentifier } from './match-masked-digits'
import { matchName } from './match-name'

type ExpectedRecipient = NonNullable<Expectation['recipient']>

const kindOf: Readonly<Record<'phone' | 'card' | 'account', IdentifierKind>> = {
  phone: 'phone',
  card: 'card',
  account: 'account',
}

export function matchRecipient(
  fields: ReceiptFields,
  expected: ExpectedRecipient,
  minVisibleDigits = 4,
): boolean {
  if (expected.name !== undefined) {
    if (fields.recipient_name === null || !matchName(fields.recipient_name, expected.name)) return false
  }
  const asked = (['phone', 'card', 'account'] as const).filter((k) => expected[k] !== undefined)
  if (asked.length === 0) return true
  const printed = fields.recipient_account
  if (printed === null) return false
  const kinds = identifierKinds(printed)
  const comparable = asked.filter((k) => kinds.includes(kindOf[k]))
  if (comparable.length === 0) return false
  return comparable.some((k) => matchIdentifier(printed, expected[k]!, kindOf[k], minVisibleDigits))
}
