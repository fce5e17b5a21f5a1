import { describe, expect, it } from 'vitest'
import { loadAggregatorConfig } from './aggregator-config'

describe('aggregator config: held results', () => {
  it('holds results 5 s by default, and 0 turns holding off', () => {
    expect(loadAggregatorConfig({}).holdResultsMs).toBe(5000)
    expect(loadAggregatorConfig({ HOLD_RESULTS_MS: '0' }).holdResultsMs).toBe(0)
  })

  it('refuses a hold as long as the stage deadline: the results must be written before it', () => {
    expect(() => loadAggregatorConfig({ HOLD_RESULTS_MS: '120000' })).toThrow(/HOLD_RESULTS_MS must be below/)
    expect(() => loadAggregatorConfig({ HOLD_RESULTS_MS: '5000', STAGE_DEADLINE_MS: '3000' })).toThrow(
      /STAGE_DEADLINE_MS/,
    )
    expect(loadAggregatorConfig({ HOLD_RESULTS_MS: '0', STAGE_DEADLINE_MS: '3000' }).holdResultsMs).toBe(0)
  })
})
