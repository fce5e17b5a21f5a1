import { describe, expect, it } from 'vitest'
import { ConfigError } from './env-reader'
import { loadStageConfig } from './stage-config'

const prices = '{"gpt-4o-mini":{"input_per_mtok":0.15,"output_per_mtok":0.6}}'

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadStageConfig('extraction', env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

describe('VLM configuration', () => {
  it('refuses to start a model without a daily budget per tenant', () => {
    const model = { VLM_BASE_URL: 'http://x/v1', VLM_MODEL: 'gpt-4o-mini', VLM_PRICES: prices }
    expect(problems(model)).toEqual([
      'VLM_BUDGET_USD_PER_DAY or VLM_BUDGET_TOKENS_PER_DAY is required when VLM_BASE_URL is set (a per-tenant daily cap)',
    ])
    expect(problems({ ...model, VLM_BUDGET_USD_PER_DAY: '5' })).toEqual([])
    expect(problems({ ...model, VLM_BUDGET_TOKENS_PER_DAY: '200000' })).toEqual([])
  })

  it('caps the document text of a prompt (6000 characters unless set)', () => {
    expect(loadStageConfig('extraction', {}).vlm.maxPromptChars).toBe(6000)
    expect(loadStageConfig('extraction', { VLM_MAX_PROMPT_CHARS: '2000' }).vlm.maxPromptChars).toBe(2000)
    expect(problems({ VLM_MAX_PROMPT_CHARS: '10' })[0]).toContain('VLM_MAX_PROMPT_CHARS')
  })

  it('is disabled by default, with documented defaults for the rest', () => {
    const { vlm } = loadStageConfig('extraction', {})
    expect(vlm).toMatchObject({
      baseUrl: undefined,
      prices: {},
      timeoutMs: 30_000,
      maxAttempts: 3,
      backoffMs: 500,
      breakerFailures: 5,
      breakerCooldownMs: 30_000,
      budgetUsdPerDay: undefined,
      budgetTokensPerDay: undefined,
      use: 'when_needed',
    })
  })

  it('reads an enabled model with its price table and budget', () => {
    const { vlm } = loadStageConfig('extraction', {
      VLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      VLM_MODEL: 'gpt-4o-mini',
      VLM_PRICES: prices,
      VLM_BUDGET_USD_PER_DAY: '2.5',
      VLM_BUDGET_TOKENS_PER_DAY: '100000',
      VLM_USE: 'always',
    })
    expect(vlm.prices['gpt-4o-mini']).toEqual({ input_per_mtok: 0.15, output_per_mtok: 0.6 })
    expect(vlm.budgetUsdPerDay).toBe(2.5)
    expect(vlm.budgetTokensPerDay).toBe(100_000)
    expect(vlm.use).toBe('always')
  })

  it('refuses a model without a price, a bad table and a bad budget, all at once', () => {
    const budget = { VLM_BUDGET_TOKENS_PER_DAY: '100000' }
    expect(
      problems({ VLM_BASE_URL: 'http://x/v1', VLM_MODEL: 'other', VLM_PRICES: prices, ...budget }),
    ).toEqual(['VLM_PRICES must price VLM_MODEL "other" (0 for a self-hosted model)'])
    expect(problems({ VLM_BASE_URL: 'http://x/v1', ...budget })).toEqual([
      'VLM_MODEL is required when VLM_BASE_URL is set',
    ])
    expect(problems({ VLM_PRICES: '{"m":{"input_per_mtok":"1"}}', VLM_BUDGET_USD_PER_DAY: 'lots' })).toEqual([
      'VLM_PRICES: m.input_per_mtok must be a number >= 0 with at most 6 decimals (USD per 1M tokens)',
      'VLM_PRICES: m.output_per_mtok must be a number >= 0 with at most 6 decimals (USD per 1M tokens)',
      'VLM_BUDGET_USD_PER_DAY must be a number >= 0, got "lots"',
    ])
    expect(problems({ VLM_PRICES: '{' })).toEqual(['VLM_PRICES must be JSON'])
  })
})
