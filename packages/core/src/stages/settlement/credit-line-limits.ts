/**
 * What a credit line must also be, beyond credit-line.schema.json, to be stored and joined: an amount whose
 * minor units are a safe integer (1e308 roubles is a schema-valid number, but its `amount_minor` is
 * Infinity, which the store refuses), and text without control characters (PostgreSQL's jsonb refuses
 * U+0000, so FerretDB refuses the insert and settlement dead-letters the line the gateway accepted with 202).
 * Tab, line feed and carriage return stay allowed: a purpose text may hold them.
 */
import type { CreditLine } from '@rv/schemas'
import { toMinorUnits } from '../match/match-amount'

/** The largest amount in major units: ten trillion, whose minor units stay well inside 2^53. */
export const maxCreditAmount = 10_000_000_000_000

const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export interface CreditLineProblem {
  /** The member, as a JSON pointer below the line (`/amount`). */
  path: string
  message: string
}

/**
 * The first problem of a schema-valid credit line, or undefined.
 *
 * @example
 * creditLineProblem({ ...line, amount: 1e308 }) // { path: '/amount', message: 'must be at most 10000000000000' }
 */
export function creditLineProblem(line: CreditLine): CreditLineProblem | undefined {
  if (!(line.amount <= maxCreditAmount) || !Number.isSafeInteger(toMinorUnits(line.amount, line.currency)))
    return { path: '/amount', message: `must be at most ${maxCreditAmount}` }
  for (const [member, value] of Object.entries(line))
    if (typeof value === 'string' && controlCharacter.test(value))
      return { path: `/${member}`, message: 'must not contain control characters' }
  return undefined
}
