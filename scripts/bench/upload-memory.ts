/**
 * `npm run bench:upload [-- --uploads 8] [--mb 10] [--rounds 3] [--gateway-src DIR] [--storage-src DIR]`
 *
 * The gateway's memory per concurrent large upload (issue 19: "an upload is held in memory about three
 * times"). Each round starts the gateway's app in a fresh process (scripts/bench/upload-memory/
 * gateway-under-bench.ts) on the stack's store and S3 (`eval "$(bash deploy/native/stack.sh env)"`),
 * sends one small upload to warm it, collects garbage, then posts `--uploads` PDFs of `--mb` MB at once
 * and waits for every 202. It prints, per round, the growth over the baseline of the sampled peaks (RSS,
 * V8 heap, external memory and ArrayBuffers, where file bytes live), the kernel's peak RSS of the process
 * (its start-up included, so only an upper bound), then the median growths over rounds, and per upload.
 *
 * `--gateway-src` / `--storage-src` load another checkout's `services/gateway/src` and
 * `packages/storage/src` (they must sit inside this repository, for module resolution), e.g. the code
 * before the streamed upload: `git archive main services/gateway/src packages/storage/src | tar -x -C .bench-main`.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { buildMinimalPdf } from '@rv/core/testing'
import { createCleanup, stackFromEnv } from '@rv/testing'

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '8' },
    mb: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    'gateway-src': { type: 'string', default: 'services/gateway/src' },
    'storage-src': { type: 'string', default: 'packages/storage/src' },
  },
})
const stack = stackFromEnv(process.env)
if (!stack) throw new Error('no stack: eval "$(bash deploy/native/stack.sh env)" first')
const uploads = Number(values.uploads)
const fileBytes = Math.round(Number(values.mb) * 1e6)
const rounds = Number(values.rounds)
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

// A valid PDF padded to the size: the gateway only reads its header, S3 stores it whole.
const pdf = buildMinimalPdf({ pages: [['Receipt']], contentPadding: fileBytes - 600 }).subarray(0, fileBytes)
const cleanup = createCleanup(stack, 'bench-upload')

interface Report {
  growth: Record<'rss' | 'heapUsed' | 'external' | 'arrayBuffers', number>
  base: { rss: number }
  maxRssKernel: number
}

function request<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((done) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', on)
        done(m as T)
      }
    }
    child.on('message', on)
    child.send(message)
  })
}

async function post(port: number, apiKey: string, bytes: Uint8Array): Promise<number> {
  const form = new FormData()
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf')
  form.set('expectation', '{"order_ref":"bench"}')
  const res = await fetch(`http://127.0.0.1:${port}/v1/checks`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${apiKey}` },
  })
  await res.arrayBuffer()
  return res.status
}

async function round(): Promise<Report & { seconds: number }> {
  const child = fork(
    resolve('scripts/bench/upload-memory/gateway-under-bench.ts'),
    [
      `--app=${resolve(values['gateway-src'], 'app.ts')}`,
      `--storage=${resolve(values['storage-src'], 'index.ts')}`,
      `--database=${cleanup.database()}`,
      `--bucket=${cleanup.bucket()}`,
    ],
    { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  try {
    const { port, apiKey } = await new Promise<{ port: number; apiKey: string }>((done) =>
      child.once('message', (m) => done(m as { port: number; apiKey: string })),
    )
    if ((await post(port, apiKey, pdf.subarray(0, 4096))) !== 202) throw new Error('warm-up not accepted')
    await request(child, 'baseline', 'baseline')
    const started = performance.now()
    const statuses = await Promise.all(Array.from({ length: uploads }, () => post(port, apiKey, pdf)))
    const seconds = (performance.now() - started) / 1000
    if (statuses.some((s) => s !== 202)) throw new Error(`not all accepted: ${statuses.join(',')}`)
    return { ...(await request<Report>(child, 'report', 'growth')), seconds }
  } finally {
    child.kill()
  }
}

console.log(
  `bench:upload — ${uploads} concurrent uploads of ${mb(fileBytes)} MiB, ${rounds} rounds, ` +
    `gateway ${values['gateway-src']}; started ${new Date().toISOString()}`,
)
const reports: (Report & { seconds: number })[] = []
try {
  for (let i = 0; i < rounds; i++) {
    const r = await round()
    reports.push(r)
    const g = r.growth
    console.log(
      `round ${i + 1}: peak growth rss ${mb(g.rss)} MiB, heap ${mb(g.heapUsed)}, external ${mb(g.external)}, ` +
        `arrayBuffers ${mb(g.arrayBuffers)}; kernel peak RSS ${mb(r.maxRssKernel)} MiB ` +
        `(baseline ${mb(r.base.rss)}); ${r.seconds.toFixed(2)} s`,
    )
  }
} finally {
  await cleanup.run()
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const total = uploads * fileBytes
for (const [name, pick] of [
  ['rss', (r: Report) => r.growth.rss],
  ['arrayBuffers', (r: Report) => r.growth.arrayBuffers],
  ['heapUsed', (r: Report) => r.growth.heapUsed],
] as const) {
  const m = median(reports.map(pick))
  console.log(
    `median ${name}: ${mb(m)} MiB = ${(m / total).toFixed(2)}× the ${mb(total)} MiB uploaded (${mb(m / uploads)} MiB per upload)`,
  )
}
