/**
 * At-least-once delivery through restarts: results published while the aggregator is down wait in Kafka
 * (offsets are committed only after handling) and finish the check once it is back.
 */
import { generateReceipt } from '@rv/generator'
import type { CheckRecord } from '@rv/schemas'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningServices, startServices } from '../src/start-services'
import { createTenantKey } from '../src/tenant-key'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-recovery')
let services: RunningServices
let key = ''
const api = createApiClient(() => services.baseUrl)

beforeAll(async () => {
  key = await createTenantKey(stack, e2e.database, 'recovery')
  services = await startServices({ env: e2e.env, readyTimeoutMs: 90_000 })
}, 180_000)

afterAll(async () => {
  await services?.stop()
  await e2e.cleanup.run()
}, 60_000)

describe('a restart of the aggregator', () => {
  it('loses nothing: a check submitted while it is down finishes after it comes back', async () => {
    // Warm the pipeline so the aggregator's group has committed offsets before it goes away.
    const warm = generateReceipt({ family: 'tbank', variant: 'sbp', seed: 'e2e-recovery-warm' })
    const first = await api.submit(key, warm.pdf, { filename: warm.filename, headers: { prefer: 'wait=30' } })
    expect(((await first.json()) as CheckRecord).status).toBe('done')

    await services.stopService('aggregator')
    const { pdf, filename } = generateReceipt({ family: 'gazprombank', variant: 'sbp', seed: 'e2e-recovery' })
    const res = await api.submit(key, pdf, { filename })
    const { id } = (await res.json()) as CheckRecord
    // Extraction, authenticity, matching and replay run; nothing can finish the check.
    const waiting = (await (await api.get(key, id)).json()) as CheckRecord
    expect(['pending', 'processing']).toContain(waiting.status)

    services.startService('aggregator')
    const finished = await api.waitForTerminal(key, id)
    expect(finished.status).toBe('done')
    expect(finished.document.family).toBe('gazprombank/sbp')
  }, 180_000)
})
