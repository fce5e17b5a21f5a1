/**
 * Settles one stored check against the credit it has claimed (or none) and, when the merchant would see a
 * difference, saves the outcome and publishes check.settlement-changed.v1. Every path of the service ends
 * here, so a redelivered message, the sweeper and a late credit all write the same outcome.
 */
import { defaultProfile } from '@rv/core/decision'
import {
  type CheckKeys,
  creditKeys,
  joinRule,
  type SettlementPolicy,
  settleCheck,
  settlementChanged,
  settlementPolicy,
} from '@rv/core/settlement'
import type { CheckSettlementChangedV1, Profile, Settlement } from '@rv/schemas'
import type { SettlementDocument, SettlementRepository } from '@rv/store'

export type SettlementStore = Pick<
  SettlementRepository,
  | 'putCredit'
  | 'findCredit'
  | 'creditCandidates'
  | 'putSettlement'
  | 'findSettlement'
  | 'openSettlementCandidates'
  | 'saveOutcome'
  | 'claimOfCheck'
  | 'claimOfLine'
  | 'claim'
  | 'release'
  | 'due'
>

/**
 * Erasure, as the consumer must honour it (docs/data-retention.md): a check or a credit line erased — or
 * whose tenant was — is never stored again by a late or redelivered event. Asked before the insert and
 * again after it (an erasure may run between the two), whose own write is then taken back. The look after
 * the insert reads the tenant as it is now, so it also says whether the tenant has any credit stored
 * (docs/settlement.md, "A tenant without credits").
 */
export interface SettlementErasureGate {
  /** The look before a check's insert: it may take the tenant's existence from a short memory. */
  isCheckErased(tenantId: string, checkId: string): Promise<boolean>
  /** The look before a credit's insert. */
  isCreditErased(tenantId: string, lineId: string): Promise<boolean>
  /**
   * The look after a check's insert, never from memory: erased meanwhile, or live — and `credits: false`
   * when no credit was ever stored for the tenant, so there is none to look for.
   */
  afterCheckStored(
    tenantId: string,
    checkId: string,
  ): Promise<{ erased: true } | { erased: false; credits: boolean }>
  /**
   * The look after a credit's insert, never from memory: erased meanwhile, or live — and then the tenant's
   * first credit is noted before this one looks for its check, so a check stored since looks for it.
   */
  afterCreditStored(tenantId: string, lineId: string): Promise<{ erased: boolean }>
  /** Takes back what the consumer wrote of an erased check (its settlement, claims, joined line). */
  eraseCheck(tenantId: string, checkId: string): Promise<void>
  /** Takes back a credit line written after it was erased. */
  eraseCredit(tenantId: string, lineId: string): Promise<void>
}

export interface SettlementDeps {
  store: SettlementStore
  erasure: SettlementErasureGate
  /** The profile the check was pinned to; absent: the built-in default. */
  profile: (tenantId: string, ref: { name: string; version: number }) => Promise<Profile | undefined>
  publish: (event: CheckSettlementChangedV1) => Promise<void>
  now: () => number
}

export function keysOfDocument(doc: SettlementDocument): CheckKeys {
  return {
    sbpId: doc.sbp_id,
    operationNumber: doc.operation_number,
    currency: doc.check.currency,
    amountMinor: doc.amount_minor,
    amount: doc.check.amount,
    paidAt: Date.parse(doc.check.paid_at),
    payerName: doc.check.payer_name,
  }
}

export async function policyOf(
  doc: Pick<SettlementDocument, 'tenant_id' | 'check'>,
  deps: SettlementDeps,
): Promise<SettlementPolicy> {
  return settlementPolicy((await deps.profile(doc.tenant_id, doc.check.profile)) ?? defaultProfile)
}

export async function settleDocument(
  doc: SettlementDocument,
  lineId: string | undefined,
  deps: SettlementDeps,
): Promise<Settlement> {
  const keys = keysOfDocument(doc)
  const policy = await policyOf(doc, deps)
  const stored = lineId ? await deps.store.findCredit(doc.tenant_id, lineId) : null
  const credit = stored?.credit
  const cKeys = credit ? creditKeys(credit) : null
  // The claim was made by one of these rules; asked again without the window (the claim already passed it).
  const rule = cKeys ? (joinRule(keys, cKeys, Number.MAX_SAFE_INTEGER) ?? 'amount_name_time') : null
  const settlement = settleCheck({
    base: { recommendation: doc.check.recommendation, reasons: doc.check.reasons },
    keys,
    createdAt: Date.parse(doc.check.created_at),
    join: credit && cKeys && rule ? { credit, keys: cKeys, rule } : null,
    policy,
    now: deps.now(),
  })
  const before = doc.settlement ?? undefined
  if (!settlementChanged(before, settlement)) return before as Settlement
  // Published before it is saved: a crash between the two publishes again on redelivery (at least once),
  // never saves a change nobody was told of.
  await deps.publish({ check_id: doc.check_id, tenant_id: doc.tenant_id, settlement })
  await deps.store.saveOutcome(doc.tenant_id, doc.check_id, settlement)
  return settlement
}
