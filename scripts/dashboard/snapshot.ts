/**
 * A picture of the dashboard from real figures: starts the six services on an isolated namespace of the
 * stack, scrapes every /metrics, sends checks (generated receipts, a few unreadable PDFs, one screenshot read
 * by OCR), scrapes again, evaluates each panel of deploy/observability/grafana-dashboard.json over that window
 * (scripts/dashboard/evaluate-panel.ts) and has headless Chromium render them into a PNG. Not Grafana: one
 * value per series over the window, where Grafana draws a time series.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run dashboard:snapshot -- [--checks 30] [--out docs/observability-dashboard.png]
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { readProcessEnv } from '@rv/config'
import { renderReceiptImage } from '@rv/generator'
import { connectStore } from '@rv/store'
import { stackFromEnv } from '@rv/testing'
import { createApiClient } from '../../services/e2e/src/api-client'
import { createE2eEnvironment } from '../../services/e2e/src/e2e-environment'
import { freePort, repoRoot, serviceNames, startServices } from '../../services/e2e/src/start-services'
import { generateLoadReceipts } from '../bench/load/receipts'
import { evaluate, parseExposition, type Sample } from './evaluate-panel'
import { renderPanels } from './render-panels'

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? (process.argv[at + 1] as string) : fallback
}
const checks = Number(arg('checks', '30'))
const out = resolve(arg('out', 'docs/observability-dashboard.png'))

const stack = stackFromEnv(readProcessEnv())
if (!stack) throw new Error('set the stack variables first: eval "$(bash deploy/native/stack.sh env)"')
const e2e = createE2eEnvironment(stack, 'dashboard')
const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
await store.ensureIndexes()
const key = (await store.tenants.createKey((await store.tenants.createTenant('dashboard'))._id)).key
await store.close()
const consumers = serviceNames.filter((n) => n !== 'gateway')
const ports = Object.fromEntries(
  await Promise.all(consumers.map(async (n) => [n, await freePort()] as const)),
)
const services = await startServices({
  env: { ...e2e.env, LOG_LEVEL: 'error' },
  envOf: Object.fromEntries(consumers.map((n) => [n, { HEALTH_PORT: String(ports[n]) }])),
  output: 'ignore',
  readyTimeoutMs: 120_000,
})
const scrapeAll = async (): Promise<Sample[]> =>
  (
    await Promise.all(
      serviceNames.map(async (n) => {
        const url = n === 'gateway' ? services.operatorUrl : `http://127.0.0.1:${ports[n]}`
        return parseExposition(await (await fetch(`${url}/metrics`)).text())
      }),
    )
  ).flat()
try {
  const api = createApiClient(() => services.baseUrl)
  const before = await scrapeAll()
  const started = performance.now()
  const receipts = generateLoadReceipts(checks, `dashboard-${Date.now().toString(36)}`)
  const picture = await renderReceiptImage(receipts[0]!.pdf, 'screenshot', 'dashboard')
  const files = [
    ...receipts.map((r) => ({ bytes: r.pdf, name: r.filename })),
    { bytes: new TextEncoder().encode('%PDF-1.7\nnot a body\n'), name: 'broken-1.pdf' },
    { bytes: new TextEncoder().encode('%PDF-1.4\n1 0 obj\n'), name: 'broken-2.pdf' },
    { bytes: picture.bytes, name: 'receipt.png' },
  ]
  const ids: string[] = []
  for (const file of files) {
    const res = await api.submit(key, file.bytes, { filename: file.name })
    ids.push(((await res.json()) as { id: string }).id)
    await new Promise((r) => setTimeout(r, 300))
  }
  for (const id of ids) await api.waitForTerminal(key, id)
  await new Promise((r) => setTimeout(r, 2000))
  const after = await scrapeAll()
  const seconds = (performance.now() - started) / 1000
  const dashboard = JSON.parse(
    readFileSync(resolve(repoRoot, 'deploy/observability/grafana-dashboard.json'), 'utf8'),
  ) as {
    title: string
    panels: { title: string; fieldConfig: { defaults: { unit: string } }; targets: { expr: string }[] }[]
  }
  const panels = dashboard.panels.map((p) => ({
    title: p.title,
    unit: p.fieldConfig.defaults.unit,
    series: p.targets.flatMap((t) => evaluate(t.expr, before, after, seconds) ?? []),
  }))
  const dir = mkdtempSync(join(tmpdir(), 'rv-dashboard-'))
  const html = join(dir, 'dashboard.html')
  const note = `${files.length} checks (${checks} generated receipts, 2 unreadable PDFs, 1 screenshot) over ${seconds.toFixed(0)} s, from two scrapes of the six services' /metrics (${new Date().toISOString().slice(0, 16)} UTC); p50/p99 are bucket upper bounds`
  writeFileSync(html, renderPanels(dashboard.title, note, panels))
  const shot = spawnSync(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--screenshot=${out}`,
      '--window-size=1400,1500',
      `file://${html}`,
    ],
    { encoding: 'utf8' },
  )
  if (shot.status !== 0) throw new Error(`chromium failed: ${shot.stderr}`)
  process.stdout.write(`wrote ${out}\n`)
} finally {
  await services.stop()
  await e2e.cleanup.run()
}
process.exit(0)
