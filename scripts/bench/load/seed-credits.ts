/**
 * `--seed-volume`'s credits: N bank-statement credit lines stored before the run, spread over the bench's
 * tenants (round robin), the year before today and amounts 100–50 099 RUB, each with its own SBP operation
 * id — what a year of a merchant's statements leaves in `credits`, which every finished check's settlement
 * join looks up. Written through the store (insertMany, 5 000 a batch) or, on the native stack's FerretDB,
 * cloned inside its PostgreSQL from one credit written through the store (postgres-clone.ts).
 */
import type { CreditLine } from '@rv/schemas'
import { type CreditDocument, type Store, storedCredit } from '@rv/store'
import { creditFields } from '../../../services/settlement/src/credit-fields'
import {
  analyze,
  cloneScript,
  inParallel,
  type PostgresTarget,
  runPsql,
  storedTexts,
  tableOf,
} from './postgres-clone'

const dayMs = 86_400_000
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A deterministic SBP operation id of the credit `n` (32 characters, as banks print them). */
function sbpIdOf(n: number): string {
  let id = `B${String(n).padStart(10, '0')}`
  let x = n * 2_654_435_761
  for (let i = 0; i < 21; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648
    id += alphabet[x % 36]
  }
  return id
}

/** The credit line `n` of a seeded statement, stored as the settlement service stores one. */
export function seededCredit(n: number, tenantId: string, nowMs: number): CreditDocument {
  const credit: CreditLine = {
    line_id: `vol-${String(n).padStart(9, '0')}`,
    amount: 100 + ((n * 7919) % 50_000),
    currency: 'RUB',
    credited_at: new Date(nowMs - (n % 365) * dayMs - (n % 86_400) * 1000).toISOString(),
    payer_name: 'Иван Иванович И.',
    sbp_operation_id: sbpIdOf(n),
  }
  return storedCredit(creditFields(tenantId, credit, new Date(nowMs)))
}

export interface CreditSeedReport {
  credits: number
  ms: number
  via: 'insertMany' | 'postgres'
}

const BATCH = 5000
const PG_BATCH = 100_000

export async function seedVolumeCredits(
  store: Store,
  count: number,
  tenantIds: readonly string[],
  progress: (done: number) => void = () => undefined,
  postgres?: PostgresTarget,
  now = Date.now(),
): Promise<CreditSeedReport> {
  const started = performance.now()
  // Stored past the settlement service, so noted here as it would note them: these tenants' checks look
  // for their credits (docs/settlement.md, "A tenant without credits").
  for (const tenantId of tenantIds.slice(0, count)) await store.tenants.noteCreditStored(tenantId)
  const at = (n: number) => seededCredit(n, tenantIds[n % tenantIds.length] as string, now)
  const credits = store.db.collection<CreditDocument>('credits')
  if (!postgres) {
    for (let from = 0; from < count; from += BATCH) {
      const size = Math.min(BATCH, count - from)
      await credits.insertMany(
        Array.from({ length: size }, (_, i) => at(from + i)),
        { ordered: false },
      )
      progress(from + size)
    }
    return { credits: count, ms: performance.now() - started, via: 'insertMany' }
  }
  // The first credit through the store (FerretDB encodes it); the others are its row with its values replaced.
  await credits.insertOne(at(0))
  const table = await tableOf(postgres, store.db.databaseName, 'credits')
  const templates = await storedTexts(postgres, table, '_id', at(0)._id)
  const keys = creditKeysText(at(0))
  const starts: number[] = []
  for (let from = 1; from < count; from += PG_BATCH) starts.push(from)
  let stored = 1
  await inParallel(starts, 2, async (from) => {
    const values: string[][] = []
    for (let n = from; n < Math.min(count, from + PG_BATCH); n++) values.push(creditKeysText(at(n)))
    await runPsql(postgres, cloneScript([{ table, templates }], keys, values, 'whole'))
    stored += values.length
    progress(stored)
  })
  await analyze(postgres, [table])
  return { credits: count, ms: performance.now() - started, via: 'postgres' }
}

/**
 * The texts of a credit's stored JSON that differ from credit to credit, in FerretDB's encoding (`"key": value`):
 * the line id and the tenant (both also in `_id`), the SBP id (`sbp_operation_id` and `sbp_id`), the amount
 * and its minor units, the time and its Moscow day.
 */
export function creditKeysText(doc: CreditDocument): string[] {
  return [
    doc.line_id,
    doc.tenant_id,
    doc.credit.sbp_operation_id ?? '',
    `"amount": ${doc.credit.amount}`,
    `"amount_minor": ${doc.amount_minor}`,
    `"credited_at": "${doc.credit.credited_at}"`,
    `"day": "${doc.day}"`,
  ]
}
