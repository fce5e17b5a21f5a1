/**
 * The README's quick start, run as written in a shell against running services: the stack's variables,
 * the admin CLI's key kept in KEY, the curl to $RV_BASE_URL. Only the gateway address differs (this run's
 * free port instead of start.sh's 8080) and the database is this run's own (MONGODB_DB, which the stack's
 * variables leave alone).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { readProcessEnv } from '@rv/config'
import type { CheckRecord } from '@rv/schemas'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningServices, repoRoot, startServices } from '../src/start-services'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-readme')
let services: RunningServices

/** The quick start's shell block that calls the API. */
function quickStartBlock(): string {
  const readme = readFileSync(resolve(repoRoot, 'README.md'), 'utf8')
  const section = readme.slice(
    readme.indexOf('## Quick start'),
    readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
  )
  const block = [...section.matchAll(/```bash\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((b) => b.includes('curl'))
  if (!block) throw new Error('no curl block in the quick start')
  return block
}

beforeAll(async () => {
  // The services on this run's topics and database; the snippet's own `eval` points at the same servers.
  services = await startServices({ env: e2e.env, output: 'ignore', readyTimeoutMs: 90_000 })
}, 180_000)

afterAll(async () => {
  await services?.stop()
  await e2e.cleanup.run()
}, 60_000)

describe('README quick start', () => {
  it('creates a key and gets a finished check record back from the curl', () => {
    const block = quickStartBlock()
    expect(block).toContain('export RV_BASE_URL=http://127.0.0.1:8080')
    const script = block.replace('http://127.0.0.1:8080', services.baseUrl)
    const started = Date.now()
    const run = spawnSync('bash', ['-eo', 'pipefail', '-c', script], {
      cwd: repoRoot,
      env: { PATH: e2e.env.PATH, HOME: readProcessEnv().HOME, MONGODB_DB: e2e.database },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const record = JSON.parse(run.stdout) as CheckRecord
    expect(record.id).toMatch(/^chk_/)
    // The snippet's own promise (Prefer: wait=30): the finished record, not `pending`.
    const took = `${record.status} after ${Date.now() - started} ms (admin CLI and curl)`
    expect(['done', 'failed'], took).toContain(record.status)
    expect(record.document.family).toMatch(/^vtb/)
  })
})
