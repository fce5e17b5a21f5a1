/**
 * The price table of the vision models, per model name, in US dollars per million tokens (the unit every
 * provider publishes). Parsed once at start-up from `VLM_PRICES`; a price with more than six decimals is
 * refused because cost is computed in whole picodollars (1e-12 USD) so sums are exact.
 */
export interface ModelPrice {
  /** USD per 1,000,000 prompt (input) tokens, image tokens included. */
  input_per_mtok: number
  /** USD per 1,000,000 completion (output) tokens. */
  output_per_mtok: number
  /** USD per 1,000,000 cached prompt tokens; absent = cached tokens cost the input price. */
  cached_input_per_mtok?: number
}

export type PriceTable = Readonly<Record<string, ModelPrice>>

const priceKeys = ['input_per_mtok', 'output_per_mtok', 'cached_input_per_mtok'] as const

/** A price per million tokens in picodollars per token: USD/Mtok × 1e6. Integer by construction. */
export function picoUsdPerToken(usdPerMtok: number): number {
  return Math.round(usdPerMtok * 1e6)
}

function isSixDecimalPrice(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return false
  return Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6
}

/**
 * Validates a price table; returns the problems (empty when valid).
 * @example priceTableProblems({ 'gpt-4o-mini': { input_per_mtok: 0.15, output_per_mtok: 0.6 } }) // []
 */
export function priceTableProblems(table: unknown): string[] {
  if (typeof table !== 'object' || table === null || Array.isArray(table)) {
    return ['the price table must be an object: model name -> { input_per_mtok, output_per_mtok }']
  }
  const problems: string[] = []
  for (const [model, price] of Object.entries(table)) {
    if (typeof price !== 'object' || price === null) {
      problems.push(`${model}: price must be an object`)
      continue
    }
    const p = price as Record<string, unknown>
    for (const key of Object.keys(p)) {
      if (!(priceKeys as readonly string[]).includes(key)) problems.push(`${model}: unknown member ${key}`)
    }
    for (const key of priceKeys) {
      if (key === 'cached_input_per_mtok' && p[key] === undefined) continue
      if (!isSixDecimalPrice(p[key])) {
        problems.push(`${model}.${key} must be a number >= 0 with at most 6 decimals (USD per 1M tokens)`)
      }
    }
  }
  return problems
}
