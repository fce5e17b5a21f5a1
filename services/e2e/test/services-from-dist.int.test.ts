/**
 * Every service as production runs it: `node --enable-source-maps services/<name>/dist/main.js`, no TypeScript
 * loader. Each consumer answers /readyz on its own health port, the gateway on its operator port, the console
 * /healthz and its browser bundle; a receipt goes through the whole pipeline (the PDF parse worker that
 * extraction and authenticity load from beside their bundles included).
 */
import { readFileSync } from 'node:fs'
import { serviceBundle } from '@rv/build'
import { generateReceipt } from '@rv/generator'
import type { CheckRecord } from '@rv/schemas'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningConsole, startConsole } from '../src/start-console'
import {
  freePort,
  type RunningServices,
  repoRoot,
  type ServiceName,
  serviceNames,
  startServices,
} from '../src/start-services'
import { createTenantKey } from '../src/tenant-key'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-dist')
const consumers = serviceNames.filter((name) => name !== 'gateway')
const healthPorts = new Map<ServiceName, number>()
let services: RunningServices
let reviewConsole: RunningConsole | undefined
let key = ''
const api = createApiClient(() => services.baseUrl)

beforeAll(async () => {
  key = await createTenantKey(stack, e2e.database, 'dist')
  for (const name of consumers) healthPorts.set(name, await freePort())
  services = await startServices({
    env: e2e.env,
    readyTimeoutMs: 90_000,
    envOf: Object.fromEntries(
      consumers.map((name) => [name, { HEALTH_PORT: String(healthPorts.get(name)) }]),
    ),
  })
  reviewConsole = await startConsole({ env: e2e.env, port: await freePort(), timeoutMs: 90_000 })
}, 240_000)

afterAll(async () => {
  await reviewConsole?.stop()
  await services?.stop()
  await e2e.cleanup.run()
}, 60_000)

/** A process's command line, from /proc. */
function commandOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
}

async function readyWithin(url: string, ms: number): Promise<number> {
  const deadline = Date.now() + ms
  let status = 0
  while (Date.now() < deadline) {
    status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return status
    await new Promise((r) => setTimeout(r, 250))
  }
  return status
}

describe('the services run from their bundles', () => {
  it('each is one node process running services/<name>/dist/main.js, with no loader flag', () => {
    const pids = services.pids()
    for (const name of serviceNames) {
      expect(pids[name], name).toHaveLength(1)
      const [node, ...args] = commandOf(pids[name][0] ?? 0)
      expect(node, name).toBe(process.execPath)
      expect(args, name).toEqual(['--enable-source-maps', `${repoRoot}/${serviceBundle(name)}`])
    }
    const consolePid = reviewConsole?.process.pid ?? 0
    expect(commandOf(consolePid).slice(1)).toEqual([
      '--enable-source-maps',
      `${repoRoot}/${serviceBundle('console')}`,
    ])
  })

  it('each consumer is ready on its health port, the gateway on its operator port, the console serves its app', async () => {
    expect(await readyWithin(`${services.operatorUrl}/readyz`, 30_000)).toBe(200)
    for (const name of consumers)
      expect(await readyWithin(`http://127.0.0.1:${healthPorts.get(name)}/readyz`, 60_000), name).toBe(200)
    const app = await fetch(`${reviewConsole?.url}/app.js`)
    expect(app.status).toBe(200)
    expect((await app.text()).length).toBeGreaterThan(1000)
  }, 120_000)

  it('a PDF receipt goes through the whole pipeline to done', async () => {
    const { pdf, filename } = generateReceipt({ family: 'tbank', variant: 'sbp', seed: 'e2e-dist' })
    const res = await api.submit(key, pdf, { filename, headers: { prefer: 'wait=30' } })
    const { id } = (await res.json()) as CheckRecord
    const finished = await api.waitForTerminal(key, id)
    expect(finished.status).toBe('done')
    expect(finished.document.family).toBe('tbank/sbp')
    expect(finished.error).toBeNull()
    // Judged by authenticity's checks on the parsed PDF (its worker loaded from dist/parse-worker.mjs).
    expect(finished.document.verdict).not.toBeNull()
    expect(finished.document.checks.length).toBeGreaterThan(0)
  }, 120_000)
})
