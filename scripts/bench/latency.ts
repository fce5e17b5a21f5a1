/**
 * Submit -> done latency of the running pipeline, as a client sees it: POST a receipt, then poll GET until
 * the status is terminal. Prints p50/p90/max over N checks (default 20) and the server-side
 * cost.latency_ms alongside. Not a test: figures depend on the machine.
 *
 *   npm run bench:latency                     starts the six services on an isolated namespace of the
 *                                             stack named by the environment (stack.sh env), then stops them
 *   RV_BASE_URL=... RV_API_KEY=... npm run bench:latency    measures an already running gateway
 *   options: --n 20  --pdf <file> | --dir <folder> (e.g. ../shared/corpus/real; each file once, names not printed)  --poll-ms 200  --timeout-ms 60000 (a check not terminal by then is
 *   counted as timed out and left out of the figures)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { readProcessEnv } from '@rv/config'
import { generateReceipt } from '@rv/generator'
import { connectStore } from '@rv/store'
import { stackFromEnv } from '@rv/testing'
import { createE2eEnvironment } from '../../services/e2e/src/e2e-environment'
import { startServices } from '../../services/e2e/src/start-services'
import { numberOption, stringOption } from './cli'

const nOption = numberOption('n', 20)
const pollMs = numberOption('poll-ms', 200)
const timeoutMs = numberOption('timeout-ms', 60_000)
let timedOut = 0
const pdfPath = stringOption('pdf')
const pdfDir = stringOption('dir')
const dirFiles = pdfDir ? pdfsUnder(pdfDir).sort() : []
const n = dirFiles.length > 0 ? Math.min(nOption, dirFiles.length) : nOption

function pdfsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return pdfsUnder(path)
    return path.toLowerCase().endsWith('.pdf') ? [path] : []
  })
}
// Default: distinct synthetic VTB receipts (helper-3's generator), so replay keys never collide.
// With --dir, each file once (file names are sent as the bank would, never printed).
const receiptFor = (i: number): { pdf: Uint8Array; filename: string } => {
  const file = pdfPath ?? dirFiles[(i + dirFiles.length) % Math.max(1, dirFiles.length)]
  if (file) return { pdf: new Uint8Array(readFileSync(file)), filename: basename(file) }
  return generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: `bench-${i}` })
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

interface CheckView {
  id: string
  status: string
  cost: { latency_ms: number | null }
}

/** fetch that waits out 429 answers (Retry-After) instead of failing the run. */
async function send(url: string, init: RequestInit): Promise<Response> {
  for (;;) {
    const res = await fetch(url, init)
    if (res.status !== 429) return res
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000))
  }
}

async function measure(baseUrl: string, key: string) {
  const client: number[] = []
  const server: number[] = []
  for (let i = 0; i < n; i++) {
    const { pdf, filename } = receiptFor(i)
    const form = new FormData()
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), filename)
    form.set('expectation', JSON.stringify({ order_ref: `bench-${i}` }))
    const started = performance.now()
    // Prefer: wait lets the gateway report completion (it re-reads every WAIT_POLL_MS) without the client
    // polling into the per-tenant rate limit.
    const res = await send(`${baseUrl}/v1/checks`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${key}`, prefer: 'wait=30' },
    })
    if (res.status !== 202 && res.status !== 200) throw new Error(`POST answered ${res.status}`)
    let record = (await res.json()) as CheckView
    const giveUpAt = started + timeoutMs
    while (record.status !== 'done' && record.status !== 'failed' && performance.now() < giveUpAt) {
      await new Promise((r) => setTimeout(r, pollMs))
      const polled = await send(`${baseUrl}/v1/checks/${record.id}`, {
        headers: { authorization: `Bearer ${key}` },
      })
      record = (await polled.json()) as CheckView
    }
    if (record.status !== 'done' && record.status !== 'failed') {
      timedOut++
      continue
    }
    client.push(performance.now() - started)
    server.push(record.cost.latency_ms ?? Number.NaN)
  }
  return { client, server }
}

function report(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b)
  return `${label}: p50 ${percentile(s, 50).toFixed(0)} ms, p90 ${percentile(s, 90).toFixed(0)} ms, max ${s.at(-1)?.toFixed(0)} ms`
}

async function main(): Promise<void> {
  process.once('SIGINT', () => process.exit(130))
  process.once('SIGTERM', () => process.exit(143))
  const env = readProcessEnv()
  let baseUrl = env.RV_BASE_URL
  let key = env.RV_API_KEY
  let stop = async () => {}
  if (!baseUrl || !key) {
    const stack = stackFromEnv(env)
    if (!stack)
      throw new Error(
        'set the stack variables (eval "$(bash deploy/native/stack.sh env)") or RV_BASE_URL + RV_API_KEY',
      )
    const e2e = createE2eEnvironment(stack, 'bench')
    const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
    await store.ensureIndexes()
    const tenant = await store.tenants.createTenant('bench')
    key = (await store.tenants.createKey(tenant._id)).key
    await store.close()
    const services = await startServices({
      env: { ...e2e.env, LOG_LEVEL: 'error', WAIT_POLL_MS: '10', WAIT_POLL_MAX_MS: '10' },
      readyTimeoutMs: 120_000,
    })
    baseUrl = services.baseUrl
    stop = async () => {
      await services.stop()
      await e2e.cleanup.run()
    }
  }
  try {
    // One warm-up check: the first pays for pdf.js loading and consumer group joins.
    await measureOnce(baseUrl, key)
    const { client, server } = await measure(baseUrl, key)
    process.stdout.write(
      `checks: ${n}, files: ${pdfDir ? `${dirFiles.length} PDFs under --dir` : (pdfPath ?? 'generated vtb/sbp_outgoing receipts')}\n`,
    )
    process.stdout.write(`${report('submit->done (client, POST with Prefer: wait)', client)}\n`)
    if (timedOut > 0) process.stdout.write(`not terminal within ${timeoutMs} ms: ${timedOut}\n`)
    process.stdout.write(`${report('cost.latency_ms (server, created_at->terminal)', server)}\n`)
  } finally {
    await stop()
  }
}

async function measureOnce(baseUrl: string, key: string): Promise<void> {
  const { pdf } = receiptFor(-1)
  const form = new FormData()
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'warmup.pdf')
  await fetch(`${baseUrl}/v1/checks`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${key}`, prefer: 'wait=30' },
  })
}

await main()
