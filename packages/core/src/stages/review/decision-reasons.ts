/**
 * The fixed reason codes of a person's decision on a check (the console's digits pick them in this order).
 * A `forged` decision needs one; `genuine` and `escalate` may give one.
 */
export const decisionReasons = [
  { code: 'layout_matches_template', label: 'Layout matches the bank template', for: 'genuine' },
  { code: 'verified_with_bank', label: 'Confirmed with the bank or the payer', for: 'genuine' },
  { code: 'known_template_change', label: 'Known new template version', for: 'genuine' },
  { code: 'edited_values', label: 'Values were edited', for: 'forged' },
  { code: 'wrong_producer', label: 'Not made by the bank’s software', for: 'forged' },
  { code: 'duplicate_receipt', label: 'Reused receipt of another payment', for: 'forged' },
  { code: 'fabricated_document', label: 'Fabricated document', for: 'forged' },
  { code: 'needs_lead', label: 'Needs a lead’s judgement', for: 'escalate' },
  { code: 'unreadable', label: 'Cannot be judged from the file', for: 'escalate' },
] as const

export type DecisionReasonCode = (typeof decisionReasons)[number]['code']
export type DecisionKind = 'genuine' | 'forged' | 'escalate'

export function isDecisionReason(code: string): code is DecisionReasonCode {
  return decisionReasons.some((r) => r.code === code)
}

/** Why a decision cannot be recorded, or undefined when it can. */
export function decisionProblem(decision: DecisionKind, reason: string | null): string | undefined {
  if (reason !== null && !isDecisionReason(reason)) return `unknown reason code ${reason}`
  if (decision === 'forged' && reason === null) return 'a forged decision needs a reason code'
  return undefined
}
