/**
 * The join's cost per check on the real store, with no other credits stored and with `credits` stored:
 * each level times `checks` finished checks joining their credits through the settlement service's own
 * handler (indexed lookups, claims, the outcome write). The bulk of noise credits is inserted with
 * insertMany in batches (half the tenant's own, half other tenants'), bounded by `maxInsertSeconds`; the
 * count reached and the time it took are reported as they are.
 */
import { defaultProfile, exampleRecord } from '@rv/core'
import type { CheckRecord, CreditLine } from '@rv/schemas'
import { type CreditDocument, type Store, storedCredit } from '@rv/store'
import { creditFields } from '../../../services/settlement/src/credit-fields'
import { storeErasureGate } from '../../../services/settlement/src/erasure-gate'
import { handleCompleted, handleCredit } from '../../../services/settlement/src/handler'
import type { SettlementDeps } from '../../../services/settlement/src/settle-document'

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const randomSbpId = () => {
  let id = `B${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`
  for (let i = 0; i < 21; i++) id += alphabet[Math.floor(Math.random() * 36)]
  return id
}
const dayMs = 86_400_000
const base = Date.parse('2026-02-11T07:10:12Z')

function noiseCredit(n: number): CreditDocument {
  const tenant = n % 2 === 0 ? 'ten_bench' : `ten_noise_${n % 1000}`
  const credit: CreditLine = {
    line_id: `noise-${n}`,
    amount: 100 + (n % 50_000),
    currency: 'RUB',
    credited_at: new Date(base - Math.floor(Math.random() * 365) * dayMs).toISOString(),
    payer_name: 'Иван Иванович И.',
    sbp_operation_id: randomSbpId(),
  }
  return storedCredit(creditFields(tenant, credit, new Date()))
}

/** Inserts noise credits until `target` are stored or the time budget runs out; returns what was reached. */
export async function seedCredits(
  store: Store,
  target: number,
  maxSeconds: number,
  progress: (n: number, seconds: number) => void,
): Promise<{ inserted: number; seconds: number }> {
  const credits = store.db.collection<CreditDocument>('credits')
  const started = performance.now()
  let inserted = 0
  const batch = 5000
  while (inserted < target && (performance.now() - started) / 1000 < maxSeconds) {
    const size = Math.min(batch, target - inserted)
    await credits.insertMany(
      Array.from({ length: size }, (_, i) => noiseCredit(inserted + i)),
      { ordered: false },
    )
    inserted += size
    if (inserted % 50_000 === 0) progress(inserted, (performance.now() - started) / 1000)
  }
  return { inserted, seconds: (performance.now() - started) / 1000 }
}

let amountsUsed = 0

/** ms per check of `count` fresh checks joining their credits (credit stored first, then the check). */
export async function timeJoins(store: Store, count: number, label: string): Promise<number[]> {
  const deps: SettlementDeps = {
    store: store.settlements,
    erasure: storeErasureGate(store, { requireTenant: false }),
    profile: async () => defaultProfile,
    publish: async () => undefined,
    now: () => base + 60_000,
  }
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const sbp = randomSbpId()
    // A fresh amount per check: earlier checks' (claimed) credits are no candidates of later ones.
    const amount = 500 + amountsUsed++
    await handleCredit(
      {
        tenant_id: 'ten_bench',
        credit: {
          line_id: `${label}-${i}`,
          amount,
          currency: 'RUB',
          credited_at: '2026-02-11T07:10:14Z',
          sbp_operation_id: sbp,
        },
      },
      deps,
    )
    const record: CheckRecord = {
      ...exampleRecord(),
      id: `chk_${label}${String(i).padStart(12, '0')}`,
      tenant_id: 'ten_bench',
      status: 'done',
      recommendation: 'accept',
      fields: { ...exampleRecord().fields, amount, receipt_number: sbp, paid_at: '2026-02-11T07:10:12Z' },
    }
    const t = performance.now()
    await handleCompleted(record, deps)
    times.push(performance.now() - t)
    const joined = await store.settlements.findSettlement('ten_bench', record.id)
    if (joined?.settlement?.status !== 'confirmed')
      throw new Error(`check ${record.id} did not join its credit`)
  }
  return times
}
