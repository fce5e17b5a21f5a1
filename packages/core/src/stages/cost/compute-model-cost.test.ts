import { describe, expect, it } from 'vitest'
import { type ModelCall, priceModelCall, summarizeModelCalls } from './compute-model-cost'
import { type PriceTable, priceTableProblems } from './model-prices'

const prices: PriceTable = {
  'gpt-4o-mini': { input_per_mtok: 0.15, output_per_mtok: 0.6, cached_input_per_mtok: 0.075 },
  'qwen2.5-vl-7b': { input_per_mtok: 0, output_per_mtok: 0 },
}

describe('priceModelCall', () => {
  it('prices prompt and completion tokens at their own rates', () => {
    const call = priceModelCall('gpt-4o-mini', { prompt_tokens: 1234, completion_tokens: 567 }, prices)
    // 1234 × 0.15 + 567 × 0.60 = 185.1 + 340.2 = 525.3 µUSD
    expect(call).toEqual({
      model: 'gpt-4o-mini',
      prompt_tokens: 1234,
      completion_tokens: 567,
      usd: 0.0005253,
    })
  })

  it('prices cached prompt tokens at the cached rate', () => {
    const usage = {
      prompt_tokens: 2000,
      completion_tokens: 100,
      prompt_tokens_details: { cached_tokens: 1024 },
    }
    // 976 × 0.15 + 1024 × 0.075 + 100 × 0.60 = 146.4 + 76.8 + 60 = 283.2 µUSD
    expect(priceModelCall('gpt-4o-mini', usage, prices).usd).toBe(0.0002832)
  })

  it('a self-hosted model priced 0 costs 0 but its tokens still count', () => {
    const call = priceModelCall('qwen2.5-vl-7b', { prompt_tokens: 900, completion_tokens: 80 }, prices)
    expect(call.usd).toBe(0)
    expect(call.prompt_tokens + call.completion_tokens).toBe(980)
  })

  it('refuses a model that has no price rather than calling it free', () => {
    expect(() => priceModelCall('unknown', { prompt_tokens: 1, completion_tokens: 1 }, prices)).toThrow(
      /no price/,
    )
  })
})

describe('summarizeModelCalls', () => {
  it('sums in whole picodollars: exact where a float sum of dollars drifts', () => {
    const calls = [
      [1001, 101],
      [1008, 104],
      [1012, 106],
    ].map(([p, c]) => priceModelCall('gpt-4o-mini', { prompt_tokens: p!, completion_tokens: c! }, prices))
    const perCallFloat = (c: ModelCall) => (c.prompt_tokens * 0.15) / 1e6 + (c.completion_tokens * 0.6) / 1e6
    const naive = calls.reduce((sum, c) => sum + perCallFloat(c), 0)
    expect(naive).not.toBe(0.00063975) // 0.0006397499999999999: the drift this function exists to avoid
    expect(summarizeModelCalls(calls)).toEqual({
      vlm_usd: 0.00063975,
      vlm_tokens: 3332,
      models: ['gpt-4o-mini'],
      model_usage: [{ model: 'gpt-4o-mini', tokens: 3332, usd: 0.00063975, calls: 3 }],
    })
  })

  it('keeps one usage row per model, in first-call order', () => {
    const calls: ModelCall[] = [
      { model: 'b', prompt_tokens: 10, completion_tokens: 5, usd: 0.000001 },
      { model: 'a', prompt_tokens: 20, completion_tokens: 0, usd: 0.000002 },
      { model: 'b', prompt_tokens: 1, completion_tokens: 1, usd: 0.000003 },
    ]
    expect(summarizeModelCalls(calls)).toEqual({
      vlm_usd: 0.000006,
      vlm_tokens: 37,
      models: ['b', 'a'],
      model_usage: [
        { model: 'b', tokens: 17, usd: 0.000004, calls: 2 },
        { model: 'a', tokens: 20, usd: 0.000002, calls: 1 },
      ],
    })
  })

  it('no calls: the empty cost members', () => {
    expect(summarizeModelCalls([])).toEqual({ vlm_usd: 0, vlm_tokens: 0, models: [], model_usage: [] })
  })
})

describe('priceTableProblems', () => {
  it('accepts a valid table', () => {
    expect(priceTableProblems(prices)).toEqual([])
  })

  it('names every bad member', () => {
    expect(
      priceTableProblems({ m: { input_per_mtok: -1, output_per_mtok: 0.0000001, per_image: 1 } }),
    ).toEqual([
      'm: unknown member per_image',
      'm.input_per_mtok must be a number >= 0 with at most 6 decimals (USD per 1M tokens)',
      'm.output_per_mtok must be a number >= 0 with at most 6 decimals (USD per 1M tokens)',
    ])
    expect(priceTableProblems([])).toHaveLength(1)
  })
})
