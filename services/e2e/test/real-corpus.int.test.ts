/**
 * The real receipts (PERSONAL DATA, never copied) through the running pipeline, read in place from
 * ../shared/corpus/real and skipped when that folder is absent. Assertions are non-identifying: status,
 * error, family known, verdict; no extracted value is compared or printed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningServices, repoRoot, startServices } from '../src/start-services'

const corpus = resolve(repoRoot, '../shared/corpus/real')

function pdfsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return pdfsUnder(path)
    return path.toLowerCase().endsWith('.pdf') ? [path] : []
  })
}

const files = existsSync(corpus) ? pdfsUnder(corpus).sort() : []

describe.skipIf(files.length === 0)('real receipts through the pipeline', () => {
  const stack = inject('stack')
  const e2e = createE2eEnvironment(stack, 'e2e-real')
  let services: RunningServices
  let key = ''

  beforeAll(async () => {
    const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
    try {
      await store.ensureIndexes()
      const tenant = await store.tenants.createTenant('real')
      key = (await store.tenants.createKey(tenant._id)).key
    } finally {
      await store.close()
    }
    services = await startServices({ env: e2e.env, readyTimeoutMs: 90_000 })
  }, 180_000)

  afterAll(async () => {
    await services?.stop()
    await e2e.cleanup.run()
  }, 60_000)

  it('finishes every real receipt done, family recognised, judged genuine', async () => {
    const outcomes: string[] = []
    for (const [index, file] of files.entries()) {
      const form = new FormData()
      form.set(
        'file',
        new Blob([new Uint8Array(readFileSync(file))], { type: 'application/pdf' }),
        basename(file),
      )
      const res = await fetch(`${services.baseUrl}/v1/checks`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${key}`, prefer: 'wait=30' },
      })
      let record = (await res.json()) as CheckRecord
      while (record.status !== 'done' && record.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 500))
        const polled = await fetch(`${services.baseUrl}/v1/checks/${record.id}`, {
          headers: { authorization: `Bearer ${key}` },
        })
        record = (await polled.json()) as CheckRecord
      }
      // Only the file's index and coarse outcome, so a failure message identifies nothing.
      const known = record.document.family !== null && record.document.family !== 'unknown'
      outcomes.push(
        `#${index}: ${record.status} ${record.error?.code ?? 'no-error'} ${known ? 'known' : 'unknown'} ${record.document.verdict}`,
      )
    }
    expect(outcomes).toEqual(files.map((_, index) => `#${index}: done no-error known genuine`))
  }, 600_000)
})
