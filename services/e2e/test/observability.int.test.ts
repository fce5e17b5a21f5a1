/**
 * The services observed as an operator would: after checks ran through the pipeline (a genuine PDF, an
 * unreadable one, a screenshot read by OCR), each of the six answers /metrics with the series of
 * docs/observability.md; one trace runs from the gateway's POST through every Kafka hop to the
 * aggregator's write and on to the settlement service that subscribes to completed checks (spans exported
 * over OTLP/HTTP); and no service wrote an `error` line meanwhile.
 */
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type ReceivedSpan, startOtlpReceiver } from '../src/otlp-receiver'
import {
  freePort,
  type RunningServices,
  type ServiceName,
  serviceNames,
  startServices,
} from '../src/start-services'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-observability')
const consumers = ['extraction', 'authenticity', 'matching', 'replay', 'aggregator'] as const
const healthPort: Record<string, number> = {}
const errorLines: string[] = []
const tenant = { key: '' }
let services: RunningServices
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>
const api = createApiClient(() => services.baseUrl)
const generated = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'e2e-observability' })
const records: CheckRecord[] = []

beforeAll(async () => {
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  try {
    await store.ensureIndexes()
    const created = await store.tenants.createTenant('tenant-observability')
    tenant.key = (await store.tenants.createKey(created._id)).key
  } finally {
    await store.close()
  }
  receiver = await startOtlpReceiver()
  for (const name of consumers) healthPort[name] = await freePort()
  services = await startServices({
    env: { ...e2e.env, LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
    envOf: Object.fromEntries(consumers.map((name) => [name, { HEALTH_PORT: String(healthPort[name]) }])),
    output: 'ignore',
    onLine: (name, line) => {
      if (line.includes('"level":"error"') || line.includes('"level":50')) errorLines.push(`${name}: ${line}`)
    },
    readyTimeoutMs: 90_000,
  })
  const submit = async (bytes: Uint8Array, filename: string) => {
    const res = await api.submit(tenant.key, bytes, {
      filename,
      expectation: JSON.stringify({ amount: generated.truth.fields.amount, currency: 'RUB' }),
      headers: { prefer: 'wait=30' },
    })
    const posted = (await res.json()) as CheckRecord
    records.push(await api.waitForTerminal(tenant.key, posted.id))
  }
  await submit(generated.pdf, generated.filename)
  await submit(new TextEncoder().encode('%PDF-1.7\nnot a body\n'), 'broken.pdf')
  const picture = await renderReceiptImage(generated.pdf, 'screenshot', 'e2e-observability')
  await submit(picture.bytes, 'receipt.png')
}, 240_000)

afterAll(async () => {
  await services?.stop()
  await receiver?.close()
  await e2e.cleanup.run()
}, 60_000)

async function scrape(name: ServiceName): Promise<string> {
  const url = name === 'gateway' ? services.operatorUrl : `http://127.0.0.1:${healthPort[name]}`
  const res = await fetch(`${url}/metrics`)
  expect(res.status).toBe(200)
  return res.text()
}

/** The value of the first sample of `metric` whose labels include every `labels` pair. */
function sample(text: string, metric: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${metric}{`) && !line.startsWith(`${metric} `)) continue
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').at(-1))
  }
  return undefined
}

describe('metrics of every service after checks', () => {
  it('the checks finished as expected: done, failed unreadable, done by OCR', () => {
    expect(records.map((r) => [r.status, r.error?.code ?? null, r.mode])).toEqual([
      ['done', null, 'pdf'],
      ['failed', 'pdf_unreadable', 'pdf'],
      ['done', null, 'image'],
    ])
  })

  it('gateway: requests by route pattern and status, the submissions published, store and S3 latency', async () => {
    const text = await scrape('gateway')
    expect(
      sample(text, 'rv_http_requests_total', { method: 'POST', route: '/v1/checks' }),
    ).toBeGreaterThanOrEqual(1)
    expect(
      sample(text, 'rv_http_requests_total', { method: 'GET', route: '/v1/checks/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(1)
    expect(text).not.toMatch(/chk_[0-9A-Z]{26}|ten_[0-9A-Za-z]/)
    expect(
      sample(text, 'rv_http_request_duration_seconds_count', { route: '/v1/checks' }),
    ).toBeGreaterThanOrEqual(3)
    expect(sample(text, 'rv_messages_published_total', { topic: 'check.submitted.v1' })).toBe(3)
    expect(
      sample(text, 'rv_store_command_duration_seconds_count', { command: 'insert', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(3)
    expect(sample(text, 'rv_s3_request_duration_seconds_count', { operation: 'put', outcome: 'ok' })).toBe(3)
    expect(sample(text, 'process_cpu_seconds_total', { service: 'gateway' })).toBeGreaterThan(0)
  })

  it('stages: processing time, lag per group and partition, errors by code, retries and dead letters declared', async () => {
    for (const stage of ['extraction', 'authenticity', 'matching', 'replay'] as const) {
      const text = await scrape(stage)
      expect(sample(text, 'rv_stage_processing_seconds_count', { stage, outcome: 'ok' }), stage).toBe(3)
      expect(sample(text, 'rv_messages_processed_total', { stage, outcome: 'ok' }), stage).toBe(3)
      const group = `${e2e.env.KAFKA_GROUP_PREFIX}-${stage}`
      expect(sample(text, 'rv_consumer_lag_messages', { group }), stage).toBeGreaterThanOrEqual(0)
      expect(text).toMatch(/rv_consumer_lag_messages\{[^}]*partition="\d+"/)
      expect(text).toContain('# TYPE rv_message_retries_total counter')
      expect(text).toContain('# TYPE rv_dead_letters_total counter')
    }
    const extraction = await scrape('extraction')
    expect(sample(extraction, 'rv_stage_errors_total', { stage: 'extraction', code: 'pdf_unreadable' })).toBe(
      1,
    )
    expect(sample(extraction, 'rv_ocr_calls_total', { outcome: 'ok' })).toBe(1)
    expect(sample(extraction, 'rv_ocr_duration_seconds_count', { outcome: 'ok' })).toBe(1)
    expect(
      sample(extraction, 'rv_s3_request_duration_seconds_count', { operation: 'get', outcome: 'ok' }),
    ).toBe(3)
    for (const series of ['rv_model_calls_total', 'rv_model_tokens_total', 'rv_model_cost_usd_total'])
      expect(extraction).toContain(`# TYPE ${series} counter`)
  })

  it('aggregator: completions, submit-to-done latency, verdicts, recommendations, error codes, store latency', async () => {
    const text = await scrape('aggregator')
    expect(sample(text, 'rv_checks_completed_total', { status: 'done' })).toBe(2)
    expect(sample(text, 'rv_checks_completed_total', { status: 'failed' })).toBe(1)
    expect(sample(text, 'rv_check_latency_seconds_count', { status: 'done' })).toBe(2)
    expect(sample(text, 'rv_check_errors_total', { code: 'pdf_unreadable' })).toBe(1)
    const verdicts = text.split('\n').filter((l) => l.startsWith('rv_verdicts_total{'))
    expect(verdicts.reduce((n, l) => n + Number(l.split(' ').at(-1)), 0)).toBe(2)
    const recommendations = text.split('\n').filter((l) => l.startsWith('rv_recommendations_total{'))
    expect(recommendations.reduce((n, l) => n + Number(l.split(' ').at(-1)), 0)).toBe(3)
    expect(sample(text, 'rv_store_command_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0)
    expect(sample(text, 'rv_stage_processing_seconds_count', { stage: 'aggregator' })).toBeGreaterThan(0)
  })
})

describe('one trace per check', () => {
  it("runs from the gateway's POST through every stage to the aggregator's write", async () => {
    // Every service started has a span in the trace: the settlement and webhooks services' too, subscribers
    // of every completed check.
    const traced = serviceNames.map((s) => `rv-${s}`)
    // Spans leave in batches (every 5 s by default): wait until every service exported one of the POST's trace.
    const complete = (spans: ReceivedSpan[]) =>
      traced.every((svc) => spans.some((s) => s.service === svc)) &&
      spans.some((s) => s.name === 'aggregator process check.matched.v1') &&
      spans.some((s) => s.name === 'settlement process check.completed.v1') &&
      spans.some((s) => s.name === 'webhooks process check.completed.v1')
    let trace: ReceivedSpan[] = []
    for (let i = 0; i < 100 && !complete(trace); i++) {
      await new Promise((r) => setTimeout(r, 200))
      const posts = receiver.spans.filter((s) => s.name === 'POST /v1/checks')
      const traces = posts.map((post) => receiver.spans.filter((s) => s.traceId === post.traceId))
      trace = traces.find(complete) ?? []
    }
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(traced))
    const byId = new Map(trace.map((s) => [s.spanId, s]))
    const root = trace.find((s) => s.name === 'POST /v1/checks')!
    expect(root.parentSpanId).toBe('')
    // Every other span hangs off the POST, through the Kafka hops.
    for (const span of trace.filter((s) => s !== root)) {
      let up = span
      for (let hops = 0; up.parentSpanId && hops < 20; hops++) up = byId.get(up.parentSpanId) ?? up
      expect(up, `${span.service} ${span.name}`).toBe(root)
    }
    const names = trace.map((s) => `${s.service} ${s.name}`)
    expect(names).toContain('rv-extraction extraction process check.submitted.v1')
    expect(names).toContain('rv-matching matching process check.extracted.v1')
    expect(names).toContain('rv-aggregator aggregator process check.matched.v1')
    expect(names).toContain('rv-aggregator aggregator write')
    expect(names).toContain('rv-settlement settlement process check.completed.v1')
    expect(names).toContain('rv-webhooks webhooks process check.completed.v1')
  })
})

describe('a clean run', () => {
  it('no service wrote an error line while starting and checking (a broken PDF is a result, not an error)', () => {
    expect(errorLines).toEqual([])
  })
})
