/**
 * check.completed.v1 and credit.received.v1 -> the join -> check.settlement-changed.v1. Either side may
 * arrive first: each stores itself, then looks the other side up by its keys (indexed equalities), so of a
 * check and its credit handled at the same moment at least one sees the other (a check of a tenant with no
 * credit stored skips its look: the credit notes itself on the tenant before its own look, which then sees
 * the check). Joining is a pair of unique claims (a credit used by at most one check, a check by at most
 * one credit); a redelivered message finds its own claims and completes them. The outcome is written and
 * published only when it changed.
 */
import {
  checkKeys,
  checkLookupDays,
  creditKeys,
  creditLookupDays,
  joinRule,
  moscowDay,
  strongerRule,
} from '@rv/core/settlement'
import type { CheckRecord, CreditReceivedV1 } from '@rv/schemas'
import type { CreditDocument, SettlementDocument } from '@rv/store'
import { type ClaimPair, claimBest } from './claim-best'
import { creditFields } from './credit-fields'
import { keysOfDocument, policyOf, type SettlementDeps, settleDocument } from './settle-document'

/** The widest amount + name + time window a profile may set (profile.schema.json), for the credit side. */
const widestNameWindowMs = 172_800_000

export async function handleCompleted(record: CheckRecord, deps: SettlementDeps): Promise<void> {
  if (record.status !== 'done' || record.recommendation === null) return
  const keys = checkKeys(record)
  if (!keys) return
  if (await deps.erasure.isCheckErased(record.tenant_id, record.id)) return
  const { doc, created } = await deps.store.putSettlement({
    tenant_id: record.tenant_id,
    check_id: record.id,
    sbp_id: keys.sbpId,
    operation_number: keys.operationNumber,
    amount_minor: keys.amountMinor,
    day: moscowDay(keys.paidAt),
    check: {
      amount: keys.amount,
      currency: keys.currency,
      paid_at: new Date(keys.paidAt).toISOString(),
      payer_name: keys.payerName,
      created_at: record.created_at,
      recommendation: record.recommendation,
      reasons: record.reasons,
      profile: { name: record.profile, version: record.profile_version },
    },
    settlement: null,
    awaiting: false,
    due_at: null,
    open: true,
  })
  const now = await deps.erasure.afterCheckStored(record.tenant_id, record.id)
  if (now.erased) return deps.erasure.eraseCheck(record.tenant_id, record.id)
  // A document this call created holds no claim yet (a claim needs it): only a repeat looks for its own.
  // A credit claiming it from now on is among the candidates below, and its claim is completed there. A
  // tenant with no credit stored has none to look for: its first credit, noted before it looks for its
  // check, finds this document (stored before the tenant was read).
  const held = created ? undefined : await heldLine(doc, deps)
  const lineId = held ?? (now.credits ? await claimCredit(doc, deps) : undefined)
  await settleDocument(doc, lineId, deps)
}

/**
 * The line this check has claimed, with the claim made whole: a process killed between the check's side of
 * a claim and the line's leaves the check's alone, and a settlement built on it would leave the line free
 * for another check. The claim is repeated (it completes itself); when the line went to another check
 * meanwhile, the check holds nothing and undefined is returned.
 */
async function heldLine(doc: SettlementDocument, deps: SettlementDeps): Promise<string | undefined> {
  const held = await deps.store.claimOfCheck(doc.tenant_id, doc.check_id)
  if (held === undefined) return undefined
  const result = await deps.store.claim(doc.tenant_id, doc.check_id, held)
  if (result === 'claimed') return held
  // 'check_taken': a concurrent claim changed the check's line between the two reads; take what it holds.
  return result === 'check_taken' ? deps.store.claimOfCheck(doc.tenant_id, doc.check_id) : undefined
}

/**
 * A credit this check joins by an id (SBP id, operation number) but another check holds by amount + name
 * + time only: the weaker claim is released so this check may take the line. Returns the checks displaced,
 * to be settled again (and told) once this one has claimed.
 */
async function displaceWeakerClaims(
  doc: SettlementDocument,
  candidates: readonly CreditDocument[],
  deps: SettlementDeps,
): Promise<SettlementDocument[]> {
  const keys = keysOfDocument(doc)
  const displaced: SettlementDocument[] = []
  for (const c of candidates) {
    const rule = joinRule(keys, creditKeys(c.credit), Number.MAX_SAFE_INTEGER)
    if (rule === null || rule === 'amount_name_time') continue
    const holder = await deps.store.claimOfLine(doc.tenant_id, c.line_id)
    if (holder === undefined || holder === doc.check_id) continue
    const held = await deps.store.findSettlement(doc.tenant_id, holder)
    const heldBy = held && joinRule(keysOfDocument(held), creditKeys(c.credit), Number.MAX_SAFE_INTEGER)
    if (!held || (heldBy !== null && !strongerRule(rule, heldBy))) continue
    await deps.store.release(doc.tenant_id, holder, c.line_id)
    displaced.push(held)
  }
  return displaced
}

/**
 * Finds the best unclaimed credit for a stored check and claims it — displacing a weaker claim on a credit
 * it joins by an id — and settles the displaced checks again; undefined when none joins.
 */
async function claimCredit(doc: SettlementDocument, deps: SettlementDeps): Promise<string | undefined> {
  const keys = keysOfDocument(doc)
  const window = (await policyOf(doc, deps)).nameWindowMs
  const candidates = await deps.store.creditCandidates(doc.tenant_id, {
    sbpId: keys.sbpId,
    operationNumber: keys.operationNumber,
    amountMinor: keys.amountMinor,
    days: checkLookupDays(keys, window),
  })
  const displaced = await displaceWeakerClaims(doc, candidates, deps)
  const line = await claimFree(doc, candidates, window, deps)
  // Told after this check holds the line: each looks for another credit, and otherwise goes back to
  // awaiting (or not_found) with check.settlement-changed.v1.
  for (const held of displaced) await settleDocument(held, await claimCredit(held, deps), deps)
  return line
}

async function claimFree(
  doc: SettlementDocument,
  candidates: readonly CreditDocument[],
  window: number,
  deps: SettlementDeps,
): Promise<string | undefined> {
  const keys = keysOfDocument(doc)
  const claimed = await claimBest(
    async (refused) => {
      const pairs: ClaimPair<string>[] = []
      for (const c of candidates) {
        if (refused.has(c.line_id)) continue
        const holder = await deps.store.claimOfLine(doc.tenant_id, c.line_id)
        if (holder === undefined || holder === doc.check_id)
          pairs.push({ check: keys, credit: creditKeys(c.credit), value: c.line_id })
      }
      return pairs
    },
    {
      idOf: (line) => line,
      windowMs: window,
      claim: (line) => deps.store.claim(doc.tenant_id, doc.check_id, line),
    },
  )
  if (claimed?.result === 'check_taken') return deps.store.claimOfCheck(doc.tenant_id, doc.check_id)
  return claimed?.value
}

export async function handleCredit(event: CreditReceivedV1, deps: SettlementDeps): Promise<void> {
  const tenantId = event.tenant_id
  const lineId = event.credit.line_id
  if (await deps.erasure.isCreditErased(tenantId, lineId)) return
  const { doc: credit } = await deps.store.putCredit(
    creditFields(tenantId, event.credit, new Date(deps.now())),
  )
  if ((await deps.erasure.afterCreditStored(tenantId, lineId)).erased)
    return deps.erasure.eraseCredit(tenantId, lineId)
  // The line first stored wins: a re-post with other values changes nothing.
  const keys = creditKeys(credit.credit)
  const holder = await deps.store.claimOfLine(tenantId, credit.line_id)
  if (holder !== undefined) {
    // Redelivered after the claim: make sure the outcome was written.
    const doc = await deps.store.findSettlement(tenantId, holder)
    if (doc) await settleDocument(doc, credit.line_id, deps)
    return
  }
  const candidates = await deps.store.openSettlementCandidates(tenantId, {
    sbpId: keys.sbpId,
    operationNumber: keys.operationNumber,
    amountMinor: keys.amountMinor,
    days: creditLookupDays(keys, widestNameWindowMs),
  })
  // A check already joined (by another credit) is refused and this credit tries the next; a credit taken
  // meanwhile by another check (a concurrent replica) ends the search.
  let taken = false
  const claimed = await claimBest(
    async (refused) => {
      const pairs: ClaimPair<SettlementDocument>[] = []
      if (taken) return pairs
      for (const doc of candidates) {
        if (refused.has(doc.check_id)) continue
        // Each check by its own profile's window; the pairs that pass are then ranked together.
        const window = (await policyOf(doc, deps)).nameWindowMs
        if (joinRule(keysOfDocument(doc), keys, window) === null) continue
        // A check holding this very line by its own side only (a claim killed half way) is completed.
        const held = await deps.store.claimOfCheck(tenantId, doc.check_id)
        if (held !== undefined && held !== credit.line_id) continue
        pairs.push({ check: keysOfDocument(doc), credit: keys, value: doc })
      }
      return pairs
    },
    {
      idOf: (doc) => doc.check_id,
      windowMs: Number.MAX_SAFE_INTEGER,
      claim: async (doc) => {
        const result = await deps.store.claim(tenantId, doc.check_id, credit.line_id)
        taken = result === 'credit_taken'
        return result === 'claimed' ? result : 'credit_taken'
      },
    },
  )
  if (claimed?.result === 'claimed') await settleDocument(claimed.value, credit.line_id, deps)
}

/** Sweeper round: awaited settlements whose wait ran out become `settlement_not_found`. */
export async function settleDue(deps: SettlementDeps, limit: number): Promise<number> {
  const due = await deps.store.due(new Date(deps.now()), limit)
  for (const doc of due) await settleDocument(doc, await heldLine(doc, deps), deps)
  return due.length
}
