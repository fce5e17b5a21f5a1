/**
 * Cost of model calls from the API's `usage` and the price table, exact: tokens × picodollars-per-token are
 * integers, summed as integers, and turned into dollars once. Floating-point sums of per-call dollars drift
 * (0.1 + 0.2 !== 0.3); a cost block that is "exact, tested" cannot.
 */
import type { Cost, ModelCall, ModelUsage } from '@rv/schemas'
import { type PriceTable, picoUsdPerToken } from './model-prices'

/** The `usage` block of a chat-completions answer (OpenAI field names). */
export interface ApiUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens?: number
  prompt_tokens_details?: { cached_tokens?: number | null } | null
}

export type { ModelCall }

const picoPerUsd = 1e12

function tokenCount(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0
}

/**
 * Prices one call. A model missing from the table is an error: config validation requires the configured
 * model to be priced, so reaching this is a bug, not a free call.
 * @example priceModelCall('m', { prompt_tokens: 1000, completion_tokens: 100 }, { m: { input_per_mtok: 1, output_per_mtok: 2 } }).usd // 0.0012
 */
export function priceModelCall(model: string, usage: ApiUsage, prices: PriceTable): ModelCall {
  const price = prices[model]
  if (!price) throw new Error(`model ${model} has no price in the price table`)
  const prompt = tokenCount(usage.prompt_tokens)
  const completion = tokenCount(usage.completion_tokens)
  const cached = Math.min(prompt, tokenCount(usage.prompt_tokens_details?.cached_tokens))
  const cachedPrice = price.cached_input_per_mtok ?? price.input_per_mtok
  const pico =
    (prompt - cached) * picoUsdPerToken(price.input_per_mtok) +
    cached * picoUsdPerToken(cachedPrice) +
    completion * picoUsdPerToken(price.output_per_mtok)
  return { model, prompt_tokens: prompt, completion_tokens: completion, usd: pico / picoPerUsd }
}

function toPico(usd: number): number {
  return Math.round(usd * picoPerUsd)
}

/**
 * The record's model members from the calls of one check: per model, tokens (prompt + completion),
 * dollars and call count; totals over all models. Models in first-call order.
 * @example summarizeModelCalls([]) // { vlm_usd: 0, vlm_tokens: 0, models: [], model_usage: [] }
 */
export function summarizeModelCalls(
  calls: readonly ModelCall[],
): Pick<Cost, 'vlm_usd' | 'vlm_tokens' | 'models' | 'model_usage'> {
  const byModel = new Map<string, { tokens: number; pico: number; calls: number }>()
  for (const call of calls) {
    const entry = byModel.get(call.model) ?? { tokens: 0, pico: 0, calls: 0 }
    entry.tokens += call.prompt_tokens + call.completion_tokens
    entry.pico += toPico(call.usd)
    entry.calls += 1
    byModel.set(call.model, entry)
  }
  const modelUsage: ModelUsage[] = [...byModel].map(([model, e]) => ({
    model,
    tokens: e.tokens,
    usd: e.pico / picoPerUsd,
    calls: e.calls,
  }))
  let totalPico = 0
  let totalTokens = 0
  for (const e of byModel.values()) {
    totalPico += e.pico
    totalTokens += e.tokens
  }
  return {
    vlm_usd: totalPico / picoPerUsd,
    vlm_tokens: totalTokens,
    models: [...byModel.keys()],
    model_usage: modelUsage,
  }
}
