import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defaultProfile, pendingRecord } from '@rv/core'
import { buildMinimalPdf } from '@rv/core/testing'
import { generateReceipt } from '@rv/generator'
import { createEventBus, type EventBus } from '@rv/kafka'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { contentKey, createS3Storage, sha256Hex } from '@rv/storage'
import { connectStore } from '@rv/store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import {
  sorted,
  specCheck,
  specCost,
  specDocument,
  specError,
  specFieldsGet,
  specFieldsPost,
  specMatchGet,
  specMatchPost,
  specReplay,
  specTopLevel,
} from '../src/spec-field-sets'
import { type RunningServices, repoRoot, startServices } from '../src/start-services'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-pipeline')
let services: RunningServices
let bus: EventBus
const completed = new Map<string, CheckRecord>()
const tenantA = { id: '', key: '' }
const tenantB = { id: '', key: '' }

// A synthetic VTB receipt with its ground truth (helper-3's generator), made at run time.
const generated = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'e2e-1' })
const receipt = generated.pdf
const truth = generated.truth.fields
const other = buildMinimalPdf({ pages: [['Квитанция', 'Сумма 1 500 ₽']] })
const unreadable = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body at all\n')

async function createTenant(name: string) {
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  try {
    await store.ensureIndexes()
    const tenant = await store.tenants.createTenant(name)
    const { key } = await store.tenants.createKey(tenant._id)
    return { id: tenant._id, key }
  } finally {
    await store.close()
  }
}

const api = createApiClient(() => services.baseUrl)
const { submit, get, waitForTerminal } = api

async function waitForCompleted(id: string): Promise<CheckRecord> {
  for (;;) {
    const record = completed.get(id)
    if (record) return record
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The operator CLI, run as an operator would (`npm run admin -- ...`), against this run's database. */
function admin(...args: string[]): Record<string, string> {
  const run = spawnSync(
    resolve(repoRoot, 'node_modules/.bin/tsx'),
    [resolve(repoRoot, 'scripts/admin/admin.ts'), ...args],
    {
      cwd: repoRoot,
      env: { PATH: e2e.env.PATH, MONGODB_URL: stack.mongoUrl, MONGODB_DB: e2e.database },
      encoding: 'utf8',
    },
  )
  if (run.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${run.stderr}`)
  return JSON.parse(run.stdout) as Record<string, string>
}

beforeAll(async () => {
  Object.assign(tenantA, await createTenant('tenant-a'))
  const created = admin('tenant', 'create', 'tenant-b')
  Object.assign(tenantB, { id: created.tenant_id, key: created.api_key })
  // No lookup cache (default 1 s): the revocation test below asserts the key stops working at once.
  services = await startServices({ env: { ...e2e.env, LOOKUP_CACHE_MS: '0' }, readyTimeoutMs: 90_000 })
  // A downstream subscriber, decoding check.completed.v1 through the registry like any consumer would.
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'e2e-downstream',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: e2e.topicPrefix,
    shutdown: false,
  })
  await bus.consume({
    groupId: `${e2e.env.KAFKA_GROUP_PREFIX}-downstream`,
    topics: ['check.completed.v1'],
    handle: async ({ key, value }) => {
      completed.set(key, value)
    },
  })
}, 180_000)

afterAll(async () => {
  await bus?.close()
  await services?.stop()
  await e2e.cleanup.run()
}, 60_000)

describe('a receipt through the whole pipeline', () => {
  let posted: CheckRecord

  it('POST with Prefer: wait answers the finished record with the POST field set', async () => {
    const res = await submit(tenantA.key, receipt, {
      expectation: JSON.stringify({
        order_ref: 'order-1',
        amount: truth.amount,
        currency: truth.currency,
        window: { at: truth.paid_at, tolerance_seconds: 300 },
      }),
      headers: { prefer: 'wait=30' },
      // The bank's own file name: authenticity treats a renamed file as (soft) evidence.
      filename: generated.filename,
    })
    posted = (await res.json()) as CheckRecord
    expect([200, 202]).toContain(res.status)
    expect(res.headers.get('request-id')).toMatch(/^req_/)
    expect(posted.id).toMatch(/^chk_/)
    expect(sorted(Object.keys(posted))).toEqual(sorted(specTopLevel))
    expect(sorted(Object.keys(posted.fields))).toEqual(sorted(specFieldsPost))
    expect(sorted(Object.keys(posted.match))).toEqual(sorted(specMatchPost))
    expect(posted.tenant_id).toBe(tenantA.id)
    expect(posted.order_ref).toBe('order-1')
  })

  it('GET answers status done with every block of the spec and the GET field set', async () => {
    const record = await waitForTerminal(tenantA.key, posted.id)
    expect(record.status).toBe('done')
    expect(sorted(Object.keys(record))).toEqual(sorted(specTopLevel))
    expect(sorted(Object.keys(record.document))).toEqual(sorted(specDocument))
    for (const check of record.document.checks) expect(sorted(Object.keys(check))).toEqual(sorted(specCheck))
    expect(sorted(Object.keys(record.fields))).toEqual(sorted(specFieldsGet))
    expect(sorted(Object.keys(record.match))).toEqual(sorted(specMatchGet))
    expect(sorted(Object.keys(record.replay))).toEqual(sorted(specReplay))
    expect(sorted(Object.keys(record.cost))).toEqual(sorted(specCost))
    expect(record.error).toBeNull()
    expect(record.document).toMatchObject({ family: 'vtb/sbp_outgoing', verdict: 'genuine' })
    expect(record.fields).toMatchObject({
      amount: truth.amount,
      currency: truth.currency,
      paid_at: truth.paid_at,
    })
    expect(record.match).toMatchObject({ amount: true, currency: true, window: true })
    expect(record.recommendation).toBe('accept')
    expect(record.replay.seen_before).toBe(false)
    expect(record.cost.latency_ms).toBeGreaterThanOrEqual(0)
    expect(typeof record.profile_version).toBe('number')
  })

  it('publishes the finished record on check.completed.v1 for downstream subscribers', async () => {
    const event = await waitForCompleted(posted.id)
    const stored = await waitForTerminal(tenantA.key, posted.id)
    expect(event.id).toBe(posted.id)
    expect(event.status).toBe('done')
    expect(event.recommendation).toBe(stored.recommendation)
    expect(sorted(Object.keys(event.fields))).toEqual(sorted(specFieldsPost))
  })

  it('flags a second submission of the same file as a replay of the first', async () => {
    const res = await submit(tenantA.key, receipt, { headers: { prefer: 'wait=30' } })
    const again = await waitForTerminal(tenantA.key, ((await res.json()) as CheckRecord).id)
    expect(again.replay.seen_before).toBe(true)
    expect(again.replay.duplicate_of).toBe(posted.id)
    expect(again.replay.keys_matched).toContain('file_sha256')
  })

  it('of 20 parallel submissions of one new receipt, judges one the original and 19 replays', async () => {
    const { pdf, filename } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'e2e-race' })
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => submit(tenantA.key, pdf, { filename })),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(202))
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as CheckRecord).id))
    const records = await Promise.all(ids.map((id) => waitForTerminal(tenantA.key, id)))
    expect(new Set(ids).size).toBe(20)
    const originals = records.filter((r) => r.replay.seen_before === false)
    expect(originals).toHaveLength(1)
    expect(records.filter((r) => r.replay.seen_before === true)).toHaveLength(19)
    // The original is the first to register its keys; every other one points at it.
    for (const r of records.filter((x) => x.id !== originals[0]?.id)) {
      expect(r.replay).toMatchObject({ seen_before: true, duplicate_of: originals[0]?.id })
      expect(r.replay.keys_matched).toContain('file_sha256')
    }
    // Twenty full checks on a small shared machine: a budget for the work, not a timing assertion.
  }, 300_000)

  it('finishes an unreadable PDF as failed with pdf_unreadable, not stuck', async () => {
    const res = await submit(tenantA.key, unreadable)
    expect(res.status).toBe(202)
    const pending = (await res.json()) as CheckRecord
    expect(['pending', 'processing']).toContain(pending.status)
    const record = await waitForTerminal(tenantA.key, pending.id)
    expect(record.status).toBe('failed')
    expect(record.error).toMatchObject({ code: 'pdf_unreadable', retryable: false })
    expect(sorted(Object.keys(record.error ?? {}))).toEqual(sorted(specError))
    expect(record.reasons).toContain('stage_failed:extraction')
    expect((await waitForCompleted(pending.id)).status).toBe('failed')
  })
})

describe('outbox', () => {
  it('finishes a check whose submission was never published, through the sweeper', async () => {
    // What the gateway leaves behind when Kafka is down right after it stored the file and the record.
    const { pdf, filename } = generateReceipt({ family: 'alfa', variant: 'sbp', seed: 'e2e-outbox' })
    const storage = createS3Storage({ ...stack.s3, bucket: e2e.env.S3_BUCKET ?? '' })
    const sha256 = sha256Hex(pdf)
    await storage.put(contentKey(sha256), pdf, 'application/pdf')
    const checkId = 'chk_01OUTBOX000000000000000001'
    const createdAt = new Date().toISOString()
    const submission: CheckSubmittedV1 = {
      check_id: checkId,
      tenant_id: tenantA.id,
      created_at: createdAt,
      file: {
        bucket: storage.bucket,
        key: contentKey(sha256),
        sha256,
        size: pdf.byteLength,
        content_type: 'application/pdf',
        filename,
      },
      expectation: {},
      profile: { name: 'default', version: 1 },
      mode: 'pdf',
    }
    const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
    try {
      const record = pendingRecord({
        checkId,
        tenantId: tenantA.id,
        createdAt,
        orderRef: null,
        profile: submission.profile,
        mode: 'pdf',
      })
      await store.checks.insertPending(record, submission as unknown as Record<string, unknown>)
    } finally {
      await store.close()
    }
    const finished = await waitForTerminal(tenantA.key, checkId)
    expect(finished.status).toBe('done')
    expect(finished.document.family).toBe('alfa/sbp')
  })
})

describe('authentication and tenancy', () => {
  async function errorOf(res: Response) {
    const body = (await res.json()) as { error: Record<string, unknown> }
    expect(res.headers.get('request-id')).toBe(body.error.request_id)
    return body.error
  }

  it('answers token_missing without a token', async () => {
    const res = await get(null, 'chk_01AAAAAAAAAAAAAAAAAAAAAAAA')
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toMatchObject({ type: 'authentication_error', code: 'token_missing' })
  })

  it('answers token_invalid with a wrong token', async () => {
    const res = await submit('rvk_live_notARealKey000000000000000000000000000', receipt)
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toMatchObject({ type: 'authentication_error', code: 'token_invalid' })
  })

  it('stops accepting a key revoked with the admin CLI, while a second key of the tenant works', async () => {
    const second = admin('key', 'create', 'tenant-b')
    expect(second.tenant_id).toBe(tenantB.id)
    const before = await get(second.api_key ?? '', 'chk_01ZZZZZZZZZZZZZZZZZZZZZZZZ')
    expect(before.status).toBe(404)
    admin('key', 'revoke', second.prefix ?? '')
    const after = await get(second.api_key ?? '', 'chk_01ZZZZZZZZZZZZZZZZZZZZZZZZ')
    expect(after.status).toBe(401)
    expect((await errorOf(after)).code).toBe('token_invalid')
    expect((await get(tenantB.key, 'chk_01ZZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404)
  })

  it("answers another tenant's check exactly like a missing one", async () => {
    const res = await submit(tenantA.key, receipt)
    const { id } = (await res.json()) as CheckRecord
    const foreign = await get(tenantB.key, id)
    const missing = await get(tenantB.key, 'chk_01ZZZZZZZZZZZZZZZZZZZZZZZZ')
    expect(foreign.status).toBe(404)
    expect(missing.status).toBe(404)
    const { request_id: _a, ...foreignError } = await errorOf(foreign)
    const { request_id: _b, ...missingError } = await errorOf(missing)
    expect(foreignError).toEqual(missingError)
    expect(foreignError.code).toBe('check_not_found')
  })
})

describe('profiles set with the admin CLI', () => {
  it('refuses a submission lacking a required member (422) and pins later checks to the new version', async () => {
    const created = admin('tenant', 'create', 'tenant-profiles')
    const key = created.api_key ?? ''
    const dir = mkdtempSync(join(tmpdir(), 'rv-e2e-profile-'))
    try {
      const { name: _n, version: _v, tenant_id: _t, ...behaviour } = defaultProfile
      const file = join(dir, 'profile.json')
      writeFileSync(
        file,
        JSON.stringify({ ...behaviour, expectation: { required_members: ['amount'], missing: 'refuse' } }),
      )
      expect(admin('profile', 'set', 'tenant-profiles', 'default', '--file', file)).toMatchObject({
        version: 2,
      })

      const refused = await submit(key, receipt, { expectation: JSON.stringify({ currency: 'RUB' }) })
      expect(refused.status).toBe(422)
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
        code: 'expectation_invalid',
        details: [{ path: '/amount', message: 'is required by profile default v2' }],
      })

      const accepted = await submit(key, receipt, { expectation: JSON.stringify({ amount: truth.amount }) })
      expect(accepted.status).toBe(202)
      const first = await waitForTerminal(key, ((await accepted.json()) as CheckRecord).id)
      expect(first).toMatchObject({ status: 'done', profile: 'default', profile_version: 2 })

      writeFileSync(
        file,
        JSON.stringify({ ...behaviour, expectation: { required_members: ['amount'], missing: 'review' } }),
      )
      expect(admin('profile', 'set', 'tenant-profiles', 'default', '--file', file)).toMatchObject({
        version: 3,
      })
      const later = await submit(key, receipt, { expectation: JSON.stringify({ currency: 'RUB' }) })
      expect(later.status).toBe(202)
      const second = await waitForTerminal(key, ((await later.json()) as CheckRecord).id)
      expect(second.profile_version).toBe(3)
      expect(second.reasons).toContain('expectation_missing:amount')
      // The earlier check still names the version that decided it.
      expect((await waitForTerminal(key, first.id)).profile_version).toBe(2)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('request handling', () => {
  it('replays the same check for the same idempotency key and refuses a different request', async () => {
    const headers = { 'idempotency-key': 'order-7' }
    const first = await submit(tenantA.key, other, { expectation: '{"amount":1}', headers })
    const second = await submit(tenantA.key, other, { expectation: '{"amount":1}', headers })
    const firstId = ((await first.json()) as CheckRecord).id
    expect(((await second.json()) as CheckRecord).id).toBe(firstId)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    const reused = await submit(tenantA.key, other, { expectation: '{"amount":2}', headers })
    expect(reused.status).toBe(409)
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused')
    const otherTenant = await submit(tenantB.key, other, { expectation: '{"amount":2}', headers })
    expect([200, 202]).toContain(otherTenant.status)
  })

  it('rejects an invalid expectation with field-level details', async () => {
    const res = await submit(tenantA.key, receipt, { expectation: '{"amount":-3,"currency":"rub"}' })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { code: string; details: { path: string }[] } }
    expect(body.error.code).toBe('expectation_invalid')
    expect(body.error.details.map((d) => d.path)).toEqual(expect.arrayContaining(['/amount', '/currency']))
  })

  it('rejects a file that is not a PDF with 415', async () => {
    const res = await submit(tenantA.key, new TextEncoder().encode('\x89PNG\r\n\x1a\n'), {
      filename: 'x.png',
    })
    expect(res.status).toBe(415)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type')
  })

  it('rejects a file over the size limit with 413', async () => {
    const big = new Uint8Array(11 * 1024 * 1024)
    big.set(new TextEncoder().encode('%PDF-1.7\n'))
    const res = await submit(tenantA.key, big)
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('file_too_large')
  })

  it('reports liveness and readiness on the operator port, and neither readiness nor metrics on the public one', async () => {
    expect((await fetch(`${services.baseUrl}/healthz`)).status).toBe(200)
    expect((await fetch(`${services.operatorUrl}/healthz`)).status).toBe(200)
    const ready = await fetch(`${services.operatorUrl}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { mongo: 'ok', s3: 'ok', kafka: 'ok' } })
    expect((await fetch(`${services.baseUrl}/readyz`)).status).toBe(404)
    expect((await fetch(`${services.baseUrl}/metrics`)).status).toBe(404)
    expect((await fetch(`${services.operatorUrl}/metrics`)).status).toBe(200)
  })
})
