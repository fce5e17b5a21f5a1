/**
 * The vision-model path end to end on the real stack: the six services run with the model configured
 * against a local chat-completions fixture server (the one allowed test double); a receipt the
 * deterministic reader cannot read comes back `done` with the model's grounded fields and the exact cost
 * block, and a model that keeps failing finishes the check `failed` with `vlm_unavailable`.
 */
import { modelReadingFields } from '@rv/core/extraction'
import { buildMinimalPdf } from '@rv/core/testing'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { type ChatCompletionsFixture, startChatCompletionsFixture } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningServices, startServices } from '../src/start-services'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-vlm')
let services: RunningServices
let model: ChatCompletionsFixture
let key = ''

// Made-up documents no family reader knows, so the model is needed for amount, currency, time, number.
const readable = buildMinimalPdf({
  pages: [['Kvitanciya', 'Summa 1 234,50 RUB', 'Data 11.02.2026 10:10:12', 'Nomer operacii 77001234']],
})
const another = buildMinimalPdf({ pages: [['Kvitanciya 2', 'Summa 99,00 RUB', 'Data 12.02.2026 09:00:00']] })
const answer = JSON.stringify({
  ...Object.fromEntries(modelReadingFields.map((f) => [f, null])),
  amount: '1 234,50 RUB',
  paid_at: '11.02.2026 10:10:12',
  receipt_number: '77001234',
})

const api = createApiClient(() => services.baseUrl)

beforeAll(async () => {
  model = await startChatCompletionsFixture([
    // First check: two calls (an unusable answer is paid for and retried), then a good one.
    { kind: 'answer', content: 'no json here', usage: { prompt_tokens: 1001, completion_tokens: 101 } },
    { kind: 'answer', content: answer, usage: { prompt_tokens: 1008, completion_tokens: 104 } },
    // Second check: the model is down on every attempt.
    { kind: 'status', status: 503 },
    { kind: 'status', status: 503 },
  ])
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  try {
    await store.ensureIndexes()
    const tenant = await store.tenants.createTenant('vlm-tenant')
    key = (await store.tenants.createKey(tenant._id)).key
  } finally {
    await store.close()
  }
  services = await startServices({
    env: {
      ...e2e.env,
      VLM_BASE_URL: model.url,
      VLM_API_KEY: 'fixture-key',
      VLM_MODEL: 'gpt-4o-mini',
      VLM_PRICES: '{"gpt-4o-mini":{"input_per_mtok":0.15,"output_per_mtok":0.6}}',
      VLM_MAX_ATTEMPTS: '2',
      VLM_BACKOFF_MS: '0',
      VLM_TIMEOUT_MS: '10000',
      VLM_BUDGET_TOKENS_PER_DAY: '1000000',
    },
    readyTimeoutMs: 90_000,
  })
}, 180_000)

afterAll(async () => {
  await services?.stop()
  await model?.close()
  await e2e.cleanup.run()
}, 60_000)

async function check(pdf: Uint8Array): Promise<CheckRecord> {
  const res = await api.submit(key, pdf, { headers: { prefer: 'wait=30' } })
  expect([200, 202]).toContain(res.status)
  return api.waitForTerminal(key, ((await res.json()) as CheckRecord).id)
}

describe('the vision model on the real stack (fixture chat-completions server)', () => {
  it('fills what the reader could not, grounded, with the exact cost block from usage and prices', async () => {
    const record = await check(readable)
    expect(record.status).toBe('done')
    expect(record.fields).toMatchObject({
      amount: 1234.5,
      currency: 'RUB',
      paid_at: '2026-02-11T07:10:12Z',
      paid_at_source: 'model',
      receipt_number: '77001234',
      source: 'vlm',
    })
    // 1001 × 0.15 + 101 × 0.60 = 210.75 µUSD; 1008 × 0.15 + 104 × 0.60 = 213.6 µUSD
    expect(record.cost).toMatchObject({
      vlm_usd: 0.00042435,
      vlm_tokens: 2214,
      models: ['gpt-4o-mini'],
      model_usage: [{ model: 'gpt-4o-mini', tokens: 2214, usd: 0.00042435, calls: 2 }],
    })
    const request = model.requests[0] as {
      response_format: { type: string }
      messages: { content: unknown }[]
    }
    expect(request.response_format.type).toBe('json_schema')
  })

  it('needed and unavailable: the check finishes failed with vlm_unavailable (retryable)', async () => {
    const record = await check(another)
    expect(record.status).toBe('failed')
    expect(record.error).toMatchObject({ code: 'vlm_unavailable', retryable: true })
    expect(record.cost.vlm_tokens).toBe(0)
    expect(model.pending()).toBe(0)
  })
})
