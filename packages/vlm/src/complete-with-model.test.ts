import { loadStageConfig, type VlmConfig } from '@rv/config'
import type { ExtractionResult } from '@rv/core'
import { modelReadingFields } from '@rv/core/extraction'
import { emptyFields } from '@rv/core/vocabulary'
import { type ChatCompletionsFixture, type FixtureReply, startChatCompletionsFixture } from '@rv/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { createModelStep, type ModelStepDeps } from './complete-with-model'
import { createMemoryBudgetStore } from './model-budget'

// A made-up receipt's OCR text (no real data).
const sbpId = 'B60421007101234567890ABCDEFGHIJK'
const ocrText = `Чек 11.02.2026 10:10:12 Сумма 1 234,50 ₽ Статус Выполнено Идентификатор ${sbpId}`
const answer = JSON.stringify({
  ...Object.fromEntries(modelReadingFields.map((f) => [f, null])),
  amount: '1 234,50 ₽',
  paid_at: '11.02.2026 10:10:12',
  receipt_number: sbpId,
  recipient_name: 'Выдуманный Получатель', // not in the text: must come back with low confidence
})
const usage = { prompt_tokens: 1234, completion_tokens: 567 }
const ok: FixtureReply = { kind: 'answer', content: answer, usage }
const png = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), mediaType: 'image/png' }

function extraction(partial: Partial<ExtractionResult['fields']> = {}): ExtractionResult {
  return {
    family: 'unknown',
    fields: { ...emptyFields(), source: 'none', ...partial },
    normalizedText: ocrText,
    facts: {},
  }
}

let api: ChatCompletionsFixture | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

async function setup(
  replies: FixtureReply[],
  env: Record<string, string> = {},
  deps: Partial<ModelStepDeps> = {},
) {
  api = await startChatCompletionsFixture(replies)
  const config: VlmConfig = loadStageConfig('extraction', {
    VLM_BASE_URL: api.url,
    VLM_API_KEY: 'test-key',
    VLM_MODEL: 'gpt-4o-mini',
    VLM_PRICES: '{"gpt-4o-mini":{"input_per_mtok":0.15,"output_per_mtok":0.6}}',
    VLM_BACKOFF_MS: '100',
    VLM_BUDGET_TOKENS_PER_DAY: '100000000',
    ...env,
  }).vlm
  const delays: number[] = []
  const budget = createMemoryBudgetStore()
  const step = createModelStep(config, {
    budget,
    policyFor: async () => undefined,
    sleep: async (ms) => {
      delays.push(ms)
    },
    random: () => 0.5,
    now: () => new Date('2026-02-11T08:00:00Z'),
    ...deps,
  })
  if (!step) throw new Error('model step not created')
  const run = (e: ExtractionResult = extraction(), document = png, tenantId = 'ten_a') =>
    step({ tenantId, profile: { name: 'default', version: 1 }, document, extraction: e })
  return { step, run, delays, budget, api }
}

describe('createModelStep', () => {
  it('is absent when no model is configured', () => {
    const config = loadStageConfig('extraction', {}).vlm
    expect(
      createModelStep(config, { budget: createMemoryBudgetStore(), policyFor: async () => undefined }),
    ).toBe(undefined)
  })

  it('reads an image through chat completions with structured output, prices the usage exactly, grounds every value', async () => {
    const { run, budget, api } = await setup([ok])
    const out = await run()
    expect(out.error).toBeNull()
    expect(out.calls).toEqual([
      { model: 'gpt-4o-mini', prompt_tokens: 1234, completion_tokens: 567, usd: 0.0005253 },
    ])
    const f = out.extraction.fields
    expect(f).toMatchObject({
      amount: 1234.5,
      currency: 'RUB',
      paid_at: '2026-02-11T07:10:12Z',
      receipt_number: sbpId,
    })
    expect(f.paid_at_source).toBe('model')
    expect(f.source).toBe('vlm')
    expect(f.confidence).toMatchObject({
      amount: 0.99,
      paid_at: 0.99,
      receipt_number: 0.99,
      recipient_name: 0.3,
    })
    expect(out.extraction.facts['vlm.reasons']).toBe('vlm_ungrounded:recipient_name')
    expect(await budget.spent('ten_a', '2026-02-11')).toEqual({ tokens: 1801, picoUsd: 525_300_000 })

    const body = api.requests[0] as {
      model: string
      response_format: {
        type: string
        json_schema: { name: string; strict: boolean; schema: { required: string[] } }
      }
      messages: { role: string; content: unknown }[]
    }
    expect(body.model).toBe('gpt-4o-mini')
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.strict).toBe(true)
    expect(body.response_format.json_schema.schema.required).toEqual([...modelReadingFields])
    const parts = body.messages[1]?.content as { type: string; image_url?: { url: string } }[]
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url'])
    expect(parts[1]?.image_url?.url).toBe(
      `data:image/png;base64,${Buffer.from(png.bytes).toString('base64')}`,
    )
  })

  it('a PDF is represented by its text layer: no image part', async () => {
    const { run, api } = await setup([ok])
    await run(extraction(), { bytes: new Uint8Array([0x25, 0x50]), mediaType: 'application/pdf' })
    const parts = (api.requests[0] as { messages: { content: { type: string }[] }[] }).messages[1]?.content
    expect(parts?.map((p) => p.type)).toEqual(['text'])
  })

  it('is not called when the deterministic reading has every required field', async () => {
    const { run, api } = await setup([ok])
    const complete = extraction({
      amount: 1,
      currency: 'RUB',
      paid_at: '2026-02-11T07:10:12Z',
      receipt_number: 'X1',
      confidence: { amount: 0.99, currency: 0.99, paid_at: 0.99, receipt_number: 0.99 },
    })
    const out = await run(complete)
    expect(out).toEqual({ extraction: complete, calls: [], error: null })
    expect(api.requests).toHaveLength(0)
  })

  it('retries a 5xx with exponential backoff, then succeeds', async () => {
    const { run, delays, api } = await setup([
      { kind: 'status', status: 503 },
      { kind: 'status', status: 429 },
      ok,
    ])
    const out = await run()
    expect(out.error).toBeNull()
    expect(api.requests).toHaveLength(3)
    expect(delays).toEqual([75, 150]) // 100 × 2^(n-1) × (0.5 + 0.5/2)
    expect(out.calls).toHaveLength(1) // error answers carry no usage
  })

  it('an unusable answer is paid for and retried', async () => {
    const { run } = await setup([
      { kind: 'answer', content: 'not json', usage: { prompt_tokens: 1000, completion_tokens: 3 } },
      ok,
    ])
    const out = await run()
    expect(out.error).toBeNull()
    expect(out.calls.map((c) => c.usd)).toEqual([0.0001518, 0.0005253])
  })

  it('needed but failing on every attempt: vlm_unavailable, retryable, the reading untouched', async () => {
    const { run, api } = await setup([
      { kind: 'status', status: 500 },
      { kind: 'status', status: 502 },
      { kind: 'status', status: 500 },
    ])
    const before = extraction()
    const out = await run(before)
    expect(api.requests).toHaveLength(3)
    expect(out.error).toMatchObject({ code: 'vlm_unavailable', retryable: true })
    expect(out.error?.message).toMatch(/needed for: amount, currency, paid_at, receipt_number/)
    expect(out.extraction.fields).toEqual(before.fields)
  })

  it('a 401 is not retried', async () => {
    const { run, api } = await setup([{ kind: 'status', status: 401 }, ok])
    const out = await run()
    expect(api.requests).toHaveLength(1)
    expect(out.error?.code).toBe('vlm_unavailable')
  })

  it('a model that does not answer in time is a timeout, then unavailable', async () => {
    const { run, api } = await setup([{ kind: 'hang' }], { VLM_TIMEOUT_MS: '200', VLM_MAX_ATTEMPTS: '1' })
    const out = await run()
    expect(api.requests).toHaveLength(1)
    expect(out.error?.code).toBe('vlm_unavailable')
    expect(out.error?.message).toMatch(/model_timeout/)
  })

  it('the circuit breaker opens after repeated failures, refuses without calling, and lets a trial through after the cooldown', async () => {
    let clock = Date.parse('2026-02-11T08:00:00Z')
    const { run, api } = await setup(
      [{ kind: 'status', status: 500 }, { kind: 'status', status: 500 }, ok],
      { VLM_MAX_ATTEMPTS: '1', VLM_BREAKER_FAILURES: '2', VLM_BREAKER_COOLDOWN_MS: '60000' },
      { now: () => new Date(clock) },
    )
    expect((await run()).error?.code).toBe('vlm_unavailable')
    expect((await run()).error?.code).toBe('vlm_unavailable')
    const refused = await run()
    expect(refused.error?.message).toMatch(/circuit breaker is open/)
    expect(api.requests).toHaveLength(2)
    clock += 60_000
    expect((await run()).error).toBeNull()
    expect(api.requests).toHaveLength(3)
  })

  it('a tenant over its daily budget is refused before any call', async () => {
    const { run, api } = await setup([ok, ok], { VLM_BUDGET_TOKENS_PER_DAY: '1801' })
    expect((await run()).error).toBeNull()
    const second = await run()
    expect(second.error?.code).toBe('vlm_unavailable')
    expect(second.error?.message).toMatch(/daily model budget/)
    expect(api.requests).toHaveLength(1)
  })

  it('asked for (always) but not needed: a failure leaves the deterministic reading standing', async () => {
    const { run } = await setup(
      [{ kind: 'status', status: 400 }],
      {},
      {
        policyFor: async () => ({ use: 'always', required_fields: ['amount'], min_confidence: 0.8 }),
      },
    )
    const out = await run(extraction({ amount: 5, confidence: { amount: 0.99 } }))
    expect(out.error).toBeNull()
    expect(out.extraction.fields.amount).toBe(5)
    expect(String(out.extraction.facts['vlm.unavailable'])).toMatch(/model call failed/)
  })

  it('a profile that says never keeps the model away', async () => {
    const { run, api } = await setup(
      [ok],
      {},
      {
        policyFor: async () => ({ use: 'never', required_fields: ['amount'], min_confidence: 0.8 }),
      },
    )
    expect((await run()).calls).toEqual([])
    expect(api.requests).toHaveLength(0)
  })
})

describe('createModelStep guards', () => {
  it('caps the document text the prompt carries', async () => {
    const { run, api } = await setup([ok], { VLM_MAX_PROMPT_CHARS: '1000' })
    const huge = { ...extraction(), normalizedText: `${ocrText} ${'строка чека '.repeat(20_000)}` }
    await run(huge)
    const body = api.requests[0] as { messages: { content: { type: string; text?: string }[] }[] }
    const text = body.messages[1]?.content.find((p) => p.type === 'text')?.text ?? ''
    expect(text).toContain(sbpId)
    expect(text.length).toBeLessThan(1100)
  })

  it("keeps one breaker per tenant: one tenant's failures leave the model open to the others", async () => {
    const { run, api } = await setup([{ kind: 'status', status: 500 }, { kind: 'status', status: 503 }, ok], {
      VLM_MAX_ATTEMPTS: '1',
      VLM_BREAKER_FAILURES: '2',
      VLM_BREAKER_COOLDOWN_MS: '60000',
    })
    await run(extraction(), png, 'ten_a')
    await run(extraction(), png, 'ten_a')
    expect((await run(extraction(), png, 'ten_a')).error?.message).toMatch(/circuit breaker is open/)
    expect((await run(extraction(), png, 'ten_b')).error).toBeNull()
    expect(api.requests).toHaveLength(3)
  })

  it('counts 5xx and timeouts against the breaker, never a 4xx (the endpoint answered)', async () => {
    const { run, api } = await setup(
      [
        { kind: 'status', status: 400 },
        { kind: 'status', status: 422 },
        { kind: 'status', status: 429 },
        { kind: 'status', status: 401 },
        { kind: 'hang' },
        { kind: 'status', status: 502 },
      ],
      { VLM_MAX_ATTEMPTS: '1', VLM_BREAKER_FAILURES: '2', VLM_TIMEOUT_MS: '200' },
    )
    for (let i = 0; i < 6; i++) await run()
    expect(api.requests).toHaveLength(6)
    expect((await run()).error?.message).toMatch(/circuit breaker is open/)
    expect(api.requests).toHaveLength(6)
  })

  it("never passes the provider's error text to the tenant: a code in the record, the text in the log", async () => {
    const logged: Record<string, unknown>[] = []
    const secret = 'Organization org-Acme1234 exceeded quota for key sk-...f00d'
    const { run } = await setup(
      [{ kind: 'status', status: 500, message: secret }],
      { VLM_MAX_ATTEMPTS: '1' },
      {
        logger: { warn: (_message, fields) => void logged.push(fields ?? {}) },
      },
    )
    const out = await run()
    expect(out.error?.message).toContain('model_server_error')
    expect(JSON.stringify(out)).not.toContain('org-Acme1234')
    expect(JSON.stringify(logged)).toContain('org-Acme1234')
    expect(logged[0]).toMatchObject({ tenant_id: 'ten_a', code: 'model_server_error', status: 500 })
  })
})
