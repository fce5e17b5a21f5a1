import { enableMetrics, renderMetrics } from '@rv/observability'
import { describe, expect, it } from 'vitest'
import { recordModelCalls, timedOcr } from './extraction-metrics'

describe('extraction metrics', () => {
  it('counts OCR readings by outcome and model calls with their tokens and dollars', async () => {
    enableMetrics({ service: 'extraction' })
    const ocr = timedOcr(async (fail: boolean) => {
      if (fail) throw new Error('tesseract died')
      return 'page'
    })
    expect(await ocr(false)).toBe('page')
    await expect(ocr(true)).rejects.toThrow('tesseract died')
    recordModelCalls({
      model_calls: [
        { model: 'm1', prompt_tokens: 1200, completion_tokens: 80, usd: 0.0021 },
        { model: 'm1', prompt_tokens: 300, completion_tokens: 20, usd: 0.0004 },
      ],
    })
    recordModelCalls(null)
    const body = (await renderMetrics())?.body ?? ''
    expect(body).toContain('rv_ocr_calls_total{outcome="ok",service="extraction"} 1')
    expect(body).toContain('rv_ocr_calls_total{outcome="error",service="extraction"} 1')
    expect(body).toContain('rv_ocr_duration_seconds_count{service="extraction",outcome="ok"} 1')
    expect(body).toContain('rv_model_calls_total{model="m1",service="extraction"} 2')
    expect(body).toContain('rv_model_tokens_total{model="m1",kind="prompt",service="extraction"} 1500')
    expect(body).toContain('rv_model_tokens_total{model="m1",kind="completion",service="extraction"} 100')
    expect(body).toMatch(/rv_model_cost_usd_total\{model="m1",service="extraction"\} 0\.002(5|49999)/)
  })
})
