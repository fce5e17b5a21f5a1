import type { IndexSpecification } from 'mongodb'
import type { StoreQuery } from './store-queries'

/**
 * The settlement service's queries and their indexes (docs/settlement.md, docs/store.md). Every lookup is
 * an equality on the tenant and one join key (the SBP operation id, the within-bank operation number, or
 * the amount in minor units and a Moscow day), so its cost follows the few rows that share the key, never
 * the number of credits or checks stored. The sweeper reads the awaited settlements due, as the checks
 * sweeper reads running checks: an equality on a flag true only while awaited, narrowed by a range.
 */
export const settlementIndexes = {
  credits: [
    { tenant_id: 1, sbp_id: 1 },
    { tenant_id: 1, operation_number: 1 },
    { tenant_id: 1, amount_minor: 1, day: 1 },
  ],
  settlements: [
    { tenant_id: 1, sbp_id: 1 },
    { tenant_id: 1, operation_number: 1 },
    { tenant_id: 1, amount_minor: 1, day: 1 },
    { awaiting: 1, due_at: 1 },
  ],
} as const satisfies Record<string, IndexSpecification[]>

type Side = 'credits' | 'settlements'

export const settlementQueries = {
  byId: (collection: Side | 'settlement_claims', _id: string): StoreQuery => ({
    collection,
    filter: { _id },
    index: { _id: 1 },
  }),
  bySbpId: (collection: Side, tenantId: string, sbpId: string): StoreQuery => ({
    collection,
    filter: { tenant_id: tenantId, sbp_id: sbpId },
    index: settlementIndexes[collection][0],
  }),
  byOperationNumber: (collection: Side, tenantId: string, operationNumber: string): StoreQuery => ({
    collection,
    filter: { tenant_id: tenantId, operation_number: operationNumber },
    index: settlementIndexes[collection][1],
  }),
  /** One query per Moscow day of the window: `$in` would scan. */
  byAmountDay: (collection: Side, tenantId: string, amountMinor: number, day: string): StoreQuery => ({
    collection,
    filter: { tenant_id: tenantId, amount_minor: amountMinor, day },
    index: settlementIndexes[collection][2],
  }),
  /** Sweeper: settlements still awaiting a credit whose wait ran out. */
  due: (now: Date, limit: number): StoreQuery => ({
    collection: 'settlements',
    filter: { awaiting: true, due_at: { $lt: now } },
    sort: { due_at: 1 },
    limit,
    index: settlementIndexes.settlements[3],
  }),
}

/** The settlement queries with sample values, for the plan test. */
export function settlementHotPathQueries(tenantId: string, now: Date): Record<string, StoreQuery> {
  const sbp = 'B6042071012K4Q270000070011700101'
  return {
    'credit by line (credit stored once)': settlementQueries.byId('credits', `${tenantId}:line-1`),
    'credits by SBP id (check joins)': settlementQueries.bySbpId('credits', tenantId, sbp),
    'credits by operation number (check joins)': settlementQueries.byOperationNumber(
      'credits',
      tenantId,
      '1234567890',
    ),
    'credits by amount and day (check joins)': settlementQueries.byAmountDay(
      'credits',
      tenantId,
      500000,
      '2026-02-11',
    ),
    'settlement by check (GET settlement)': settlementQueries.byId('settlements', `${tenantId}:chk_1`),
    'settlements by SBP id (credit joins)': settlementQueries.bySbpId('settlements', tenantId, sbp),
    'settlements by operation number (credit joins)': settlementQueries.byOperationNumber(
      'settlements',
      tenantId,
      '1234567890',
    ),
    'settlements by amount and day (credit joins)': settlementQueries.byAmountDay(
      'settlements',
      tenantId,
      500000,
      '2026-02-11',
    ),
    'awaited settlements due (settlement sweeper)': settlementQueries.due(now, 200),
    'claim (credit used once)': settlementQueries.byId('settlement_claims', `${tenantId}:line:line-1`),
  }
}
