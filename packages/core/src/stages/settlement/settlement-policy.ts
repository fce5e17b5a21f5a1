/**
 * A profile's settlement member with its defaults filled in. Absent: settlement is not required, but a
 * credit that joins still confirms or contradicts the receipt (an operation credited with another amount
 * is rejected whatever the profile requires).
 */
import type { Profile, ProfileAction } from '@rv/schemas'

export interface SettlementPolicy {
  required: boolean
  aboveAmount: number | null
  waitMs: number
  notFound: ProfileAction
  amountMismatch: ProfileAction
  /** Half-width of the amount + payer name + time rule's window. */
  nameWindowMs: number
}

export const defaultNameWindowSeconds = 1800
export const defaultWaitSeconds = 3600

export function settlementPolicy(profile: Pick<Profile, 'settlement'>): SettlementPolicy {
  const s = profile.settlement
  return {
    required: s?.required ?? false,
    aboveAmount: s?.above_amount ?? null,
    waitMs: (s?.wait_seconds ?? defaultWaitSeconds) * 1000,
    notFound: s?.not_found ?? 'review',
    amountMismatch: s?.amount_mismatch ?? 'reject',
    nameWindowMs: (s?.name_window_seconds ?? defaultNameWindowSeconds) * 1000,
  }
}

/** Whether this receipt amount must be settled under the policy. */
export function settlementRequired(policy: SettlementPolicy, amount: number): boolean {
  return policy.required && (policy.aboveAmount === null || amount > policy.aboveAmount)
}
