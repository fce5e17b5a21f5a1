/**
 * A storm of hostile console sign-ins against the real store, on loopback only (docs/console.md#security):
 * wrong passwords for a known analyst from many addresses (behind one trusted proxy hop), unknown
 * addresses, 1 MiB bodies, broken JSON, requests without the console's Origin — while the analyst signs in
 * now and then from their usual address. It fails on any 5xx, on the analyst refused (401) with the right
 * password, or on memory growing past the bound (scrypt is 32 MiB a hash: unbounded, 64 at once would be
 * 2 GiB).
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npx tsx scripts/fuzz/console-sign-in-storm.ts --count 2000 --concurrency 64
 */
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { connectStore } from '@rv/store'
import { randomName } from '@rv/testing'
import { createConsoleApp } from '../../services/console/src/console-app'
import { storeDepsOf } from '../../services/console/src/console-deps'
import { loadAverage } from '../load/proc-cpu'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '64' },
    'max-growth-mb': { type: 'string', default: '300' },
  },
})
const count = Number(values.count)
const concurrency = Number(values.concurrency)
const maxGrowthMb = Number(values['max-growth-mb'])
const env = process.env
const password = 'correct horse battery staple'

const database = randomName('fuzz-console')
const store = await connectStore({ url: env.MONGODB_URL ?? 'mongodb://127.0.0.1:27018', database })
await store.ensureIndexes()
const tenant = await store.tenants.createTenant(randomName('storm'))
await store.consoleUsers.add({ email: 'analyst@storm.test', tenantId: tenant._id, role: 'analyst', password })
const app = createConsoleApp(
  {
    ...storeDepsOf(store),
    // Sign-in reads no file.
    storage: { get: async () => new Uint8Array() },
    publishReviewed: async () => undefined,
    settings: {
      publicUrl: 'http://console.test',
      sessionMs: 60 * 60_000,
      leaseMs: 60_000,
      proxies: { hops: 1, cidrs: [] },
    },
  },
  new Map(),
)
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
await new Promise((done) => server.once('listening', done))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const statuses = new Map<string, number>()
let legitOk = 0
let legitRefused = 0
let peakRss = 0
const rssMb = () => process.memoryUsage().rss / 2 ** 20
const startRss = rssMb()
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMb())
}, 20)

function hostile(i: number): { body: string; headers: Record<string, string>; kind: string } {
  const from = `198.18.${(i >> 8) & 255}.${i & 255}`
  const headers = {
    origin: 'http://console.test',
    'content-type': 'application/json',
    'x-forwarded-for': from,
  }
  switch (i % 6) {
    case 0:
    case 1:
      return {
        kind: 'wrong password',
        headers,
        body: JSON.stringify({ email: 'analyst@storm.test', password: `guess${i}` }),
      }
    case 2:
      return {
        kind: 'unknown address',
        headers,
        body: JSON.stringify({ email: `nobody${i}@storm.test`, password: 'x' }),
      }
    case 3:
      return {
        kind: '1 MiB body',
        headers,
        body: JSON.stringify({ email: 'a@storm.test', password: 'x'.repeat(2 ** 20) }),
      }
    case 4:
      return { kind: 'broken JSON', headers, body: '{"email": "analyst@storm.test", "password": ' }
    default:
      return { kind: 'no Origin', headers: { ...headers, origin: 'http://evil.test' }, body: '{}' }
  }
}

/** The analyst at their desk, retrying a busy answer after its Retry-After; true when signed in. */
async function legitSignIn(): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt++) {
    // A keep-alive socket the server closed after a refused 1 MiB body: try again on a new one.
    const res = await fetch(`${base}/api/sign-in`, {
      method: 'POST',
      headers: {
        origin: 'http://console.test',
        'content-type': 'application/json',
        'x-forwarded-for': '192.0.2.10',
      },
      body: JSON.stringify({ email: 'analyst@storm.test', password }),
    }).catch(() => undefined)
    if (!res) continue
    await res.arrayBuffer()
    if (res.status === 200) return true
    // Only the hash cap's "busy" (Retry-After 1) may hold the analyst back; a backoff would be a lock-out.
    const retryAfter = Number(res.headers.get('retry-after') ?? 1)
    if (res.status !== 429 || retryAfter > 1) return false
    await new Promise((r) => setTimeout(r, retryAfter * 1000))
  }
  return false
}

async function send(i: number): Promise<void> {
  // Every 50th request is the analyst.
  if (i % 50 === 0) {
    if (await legitSignIn()) legitOk++
    else legitRefused++
    return
  }
  const { body, headers, kind } = hostile(i)
  const res = await fetch(`${base}/api/sign-in`, { method: 'POST', headers, body }).catch(() => undefined)
  await res?.arrayBuffer()
  const key = `${kind} → ${res?.status ?? 'connection error'}`
  statuses.set(key, (statuses.get(key) ?? 0) + 1)
}

// The analyst's usual address: signed in from before the storm begins.
if (!(await legitSignIn())) throw new Error('the analyst could not sign in before the storm')

const started = Date.now()
let next = 0
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) await send(next++)
  }),
)
clearInterval(sampler)
const seconds = (Date.now() - started) / 1000
server.close()
await store.db.dropDatabase()
await store.close()

const fivexx = [...statuses].filter(([k]) => / 5\d\d$/.test(k)).reduce((n, [, v]) => n + v, 0)
const growth = peakRss - startRss
const report = {
  date: new Date().toISOString(),
  count,
  concurrency,
  seconds: Math.round(seconds * 10) / 10,
  load_average: loadAverage(),
  statuses: Object.fromEntries([...statuses].sort()),
  analyst_signed_in: legitOk,
  analyst_refused: legitRefused,
  rss_start_mb: Math.round(startRss),
  rss_peak_growth_mb: Math.round(growth),
}
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
process.exitCode = fivexx > 0 || legitRefused > 0 || growth > maxGrowthMb ? 1 : 0
