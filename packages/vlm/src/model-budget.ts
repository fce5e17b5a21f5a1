/**
 * The per-tenant daily model budget: one counter per tenant and UTC day (tokens and picodollars), read
 * once before a reading and incremented once per call, so the check is O(1) whatever the traffic. The
 * production counter lives in MongoDB (`@rv/store` `createModelBudgetRepository`); this in-memory one
 * serves `verify` and tests. Concurrent readings may overshoot the cap by the calls already in flight.
 */
export interface BudgetSpend {
  tokens: number
  picoUsd: number
}

export interface ModelBudgetStore {
  spent(tenantId: string, day: string): Promise<BudgetSpend>
  add(tenantId: string, day: string, spend: BudgetSpend): Promise<void>
}

export interface BudgetLimits {
  usdPerDay: number | undefined
  tokensPerDay: number | undefined
}

/** The UTC day a spend is counted on, `YYYY-MM-DD`. */
export function budgetDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

export function budgetExhausted(spent: BudgetSpend, limits: BudgetLimits): boolean {
  if (limits.usdPerDay !== undefined && spent.picoUsd >= Math.round(limits.usdPerDay * 1e12)) return true
  return limits.tokensPerDay !== undefined && spent.tokens >= limits.tokensPerDay
}

export function createMemoryBudgetStore(): ModelBudgetStore {
  const counters = new Map<string, BudgetSpend>()
  const key = (tenantId: string, day: string) => `${tenantId}\u0000${day}`
  return {
    async spent(tenantId, day) {
      return { ...(counters.get(key(tenantId, day)) ?? { tokens: 0, picoUsd: 0 }) }
    },
    async add(tenantId, day, spend) {
      const current = counters.get(key(tenantId, day)) ?? { tokens: 0, picoUsd: 0 }
      counters.set(key(tenantId, day), {
        tokens: current.tokens + spend.tokens,
        picoUsd: current.picoUsd + spend.picoUsd,
      })
    },
  }
}
