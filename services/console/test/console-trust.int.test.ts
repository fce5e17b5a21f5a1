/**
 * The console as a bank would run it, in-process over the real store and S3: escalated work kept for
 * leads, ids checked by shape before any lookup, sessions ended at once by a disable, a role or password
 * change or a removal, expired sessions purged, views and failed sign-ins audited, and the audit log's
 * hash chain verified — by the admin command too, which names an edited entry, a deleted one and a cut tail.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { generateReceipt } from '@rv/generator'
import { createS3Storage } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment } from '../../e2e/src/e2e-environment'
import { repoRoot } from '../../e2e/src/start-services'
import { createConsoleApp } from '../src/console-app'
import { type ConsoleDeps, storeDepsOf } from '../src/console-deps'
import { storeCheck } from './review-fixtures'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'it-trust')
const bucket = e2e.env.S3_BUCKET!
const storage = createS3Storage({ ...stack.s3, bucket })
const origin = 'http://console.test'
const password = 'correct horse battery staple'

let store: Store
let app: ReturnType<typeof createConsoleApp>
let tenantId = ''
let tenantName = ''

interface Session {
  cookie: string
  csrf: string
}

async function signIn(email: string, pass = password): Promise<Session | number> {
  const res = await app.request('/api/sign-in', {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: pass }),
  })
  if (res.status !== 200) return res.status
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string
  return { cookie, csrf: ((await res.json()) as { csrf: string }).csrf }
}

async function session(email: string, pass = password): Promise<Session> {
  const s = await signIn(email, pass)
  if (typeof s === 'number') throw new Error(`sign-in of ${email} answered ${s}`)
  return s
}

const call = (s: Session, method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: {
      cookie: s.cookie,
      origin,
      'x-csrf-token': s.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const me = async (s: Session) => (await call(s, 'GET', '/api/me')).status

function adminCli(...args: string[]) {
  return spawnSync(resolve(repoRoot, 'node_modules/.bin/tsx'), ['scripts/admin/admin.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...e2e.env },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

beforeAll(async () => {
  await storage.ensure()
  store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  await store.ensureIndexes()
  tenantName = randomName('trust')
  tenantId = (await store.tenants.createTenant(tenantName))._id
  for (const [email, role] of [
    ['analyst@t.test', 'analyst'],
    ['other@t.test', 'analyst'],
    ['lead@t.test', 'lead'],
    ['promoted@t.test', 'lead'],
  ] as const)
    await store.consoleUsers.add({ email, tenantId, role, password })
  const deps: ConsoleDeps = {
    ...storeDepsOf(store),
    storage,
    publishReviewed: async () => undefined,
    // In-process requests have no socket: every one is the same client, so no backoff here
    // (sign-in-routes.test.ts holds the backoff).
    settings: {
      publicUrl: origin,
      sessionMs: 60 * 60_000,
      leaseMs: 60_000,
      signIn: { freeFailures: 1000, baseDelayMs: 1000, maxDelayMs: 60_000, hashConcurrency: 4 },
    },
  }
  app = createConsoleApp(deps, new Map())
}, 300_000)

afterAll(async () => {
  await store?.close()
  await e2e.cleanup.run()
})

const entry = (id: string) => ({
  _id: id,
  tenant_id: tenantId,
  queue: 'review' as const,
  completed_at: new Date(Date.now() - 60_000),
  verdict: 'suspicious',
  family: 'vtb',
  bank: 'vtb',
  amount: 100,
  reasons: [],
})

describe('escalated work', () => {
  it('an analyst can neither claim an escalated check nor take the next one; a lead can', async () => {
    await store.reviewQueue.enqueue(entry('chk_TrustEscal01'))
    await store.reviewQueue.close('chk_TrustEscal01', tenantId, 'escalated', 1)
    const analyst = await session('analyst@t.test')
    expect((await call(analyst, 'POST', '/api/checks/chk_TrustEscal01/claim')).status).toBe(403)
    expect((await call(analyst, 'POST', '/api/next?queue=escalated')).status).toBe(403)
    const lead = await session('lead@t.test')
    expect((await call(lead, 'POST', '/api/checks/chk_TrustEscal01/claim')).status).toBe(200)
    // The analyst still works their own queue.
    await store.reviewQueue.enqueue(entry('chk_TrustReview01'))
    expect((await call(analyst, 'POST', '/api/checks/chk_TrustReview01/claim')).status).toBe(200)
  })
})

describe('ids by shape', () => {
  it('refuses an id that is not a check id before any lookup', async () => {
    const analyst = await session('analyst@t.test')
    for (const path of [
      '/api/checks/..%2F..%2Fsign-out',
      '/api/checks/chk_TrustReview01%2F..%2F..%2Flead/claim',
      '/api/checks/x/decisions',
      '/api/checks/chk_%3F/file',
    ]) {
      const res = await call(
        analyst,
        path.endsWith('claim') || path.endsWith('decisions') ? 'POST' : 'GET',
        path,
      )
      expect([path, res.status]).toEqual([path, 400])
    }
  })
})

describe('sessions', () => {
  it('a disabled user is signed out at once and cannot sign in; enabled again, can', async () => {
    const a = await session('other@t.test')
    const b = await session('other@t.test')
    expect([await me(a), await me(b)]).toEqual([200, 200])
    await store.consoleUsers.setDisabled('other@t.test', true)
    expect([await me(a), await me(b)]).toEqual([401, 401])
    expect(await signIn('other@t.test')).toBe(401)
    await store.consoleUsers.setDisabled('other@t.test', false)
    expect(await me(await session('other@t.test'))).toBe(200)
  })

  it('a role change ends the sessions that carry the old role', async () => {
    const lead = await session('promoted@t.test')
    expect((await call(lead, 'GET', '/api/lead/stats')).status).toBe(200)
    await store.consoleUsers.setRole('promoted@t.test', 'analyst')
    expect(await me(lead)).toBe(401)
    const again = await session('promoted@t.test')
    expect((await call(again, 'GET', '/api/lead/stats')).status).toBe(403)
  })

  it("one's own password change asks for the current one and ends every session", async () => {
    const here = await session('analyst@t.test')
    const elsewhere = await session('analyst@t.test')
    const next = 'a brand new passphrase'
    expect((await call(here, 'POST', '/api/password', { current: 'wrong', password: next })).status).toBe(403)
    expect((await call(here, 'POST', '/api/password', { current: password, password: 'short' })).status).toBe(
      400,
    )
    expect((await call(here, 'POST', '/api/password', { current: password, password: next })).status).toBe(
      204,
    )
    expect([await me(here), await me(elsewhere)]).toEqual([401, 401])
    expect(await signIn('analyst@t.test')).toBe(401)
    expect(await me(await session('analyst@t.test', next))).toBe(200)
    await store.consoleUsers.setPassword('analyst@t.test', password)
  })

  it('a user removed — by the command or by hand — is signed out at once', async () => {
    await store.consoleUsers.add({ email: 'gone@t.test', tenantId, role: 'analyst', password })
    const s = await session('gone@t.test')
    await store.db.collection('console_users').deleteOne({ _id: 'gone@t.test' } as never)
    expect(await me(s)).toBe(401)
    await store.consoleUsers.add({ email: 'gone@t.test', tenantId, role: 'analyst', password })
    const t = await session('gone@t.test')
    expect(await store.consoleUsers.remove('gone@t.test')).toBe(true)
    expect(await me(t)).toBe(401)
  })

  it('expired sessions are purged by the sweep; live ones kept', async () => {
    const user = await store.consoleUsers.authenticate('lead@t.test', password)
    if (!user) throw new Error('lead cannot sign in')
    const now = new Date()
    const ago = new Date(now.getTime() - 5 * 60 * 60_000)
    await store.consoleUsers.openSession(user, 60_000, ago)
    await store.consoleUsers.openSession(user, 60 * 60_000, now)
    const count = () => store.db.collection('console_sessions').countDocuments({ email: 'lead@t.test' })
    const before = await count()
    const swept = await store.expiry.sweep(now, { collections: ['console_sessions'] })
    expect(swept.deleted).toBeGreaterThanOrEqual(1)
    expect(await count()).toBe(before - 1)
    const live = await store.db.collection('console_sessions').find({ email: 'lead@t.test' }).toArray()
    expect(live.every((s) => (s.expires_at as Date).getTime() > now.getTime())).toBe(true)
  })
})

describe('the audit log', () => {
  it('records views and failed sign-ins, and the chain verifies', async () => {
    const { pdf, filename } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'trust-view' })
    await storeCheck(
      { store, storage, bucket },
      {
        id: 'chk_TrustView01',
        tenantId,
        bytes: pdf,
        filename,
        contentType: 'application/pdf',
        now: new Date(),
      },
    )
    const analyst = await session('analyst@t.test')
    expect((await call(analyst, 'GET', '/api/checks/chk_TrustView01')).status).toBe(200)
    expect((await store.audit.ofCheck(tenantId, 'chk_TrustView01')).map((e) => [e.email, e.action])).toEqual([
      ['analyst@t.test', 'view'],
    ])
    expect(await signIn('analyst@t.test', 'not the password')).toBe(401)
    expect(await signIn('nobody@t.test', 'not the password')).toBe(401)
    const failed = (
      await store.db.collection('console_audit').find({ action: 'sign-in-failed' }).toArray()
    ).map((e) => [e.tenant_id, e.email, e.detail])
    expect(failed).toEqual(
      expect.arrayContaining([
        [tenantId, 'analyst@t.test', 'wrong password from unknown'],
        ['-', 'nobody@t.test', 'unknown address from unknown'],
      ]),
    )
    const report = await store.audit.verify(tenantId)
    expect(report.problems).toEqual([])
    expect(report.entries).toBeGreaterThan(10)
    expect(report.head).toEqual(report.last)
  })

  it('appends concurrently without losing a place: one chain, no gap', async () => {
    const tenant = (await store.tenants.createTenant(randomName('trust-race')))._id
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.audit.record({ tenantId: tenant, email: `u${i}@t.test`, action: 'sign-in' }),
      ),
    )
    const report = await store.audit.verify(tenant)
    expect(report).toMatchObject({ entries: 20, problems: [], head: { seq: 20 } })
  })

  it('an erased check leaves its entries in the chain without what names it', async () => {
    const tenant = (await store.tenants.createTenant(randomName('trust-erase')))._id
    for (const action of ['claim', 'view', 'decide'] as const)
      await store.audit.record({
        tenantId: tenant,
        email: 'a@t.test',
        action,
        checkId: 'chk_TrustErase01',
        detail: 'x',
      })
    await store.audit.eraseCheck('chk_TrustErase01')
    expect(await store.db.collection('console_audit').countDocuments({ check_id: 'chk_TrustErase01' })).toBe(
      0,
    )
    expect(await store.audit.verify(tenant)).toMatchObject({ entries: 3, erased: 3, problems: [] })
  })

  it('`console-audit verify` passes an intact log and names an edited entry, a deleted one and a cut tail', async () => {
    const name = randomName('trust-tamper')
    const tenant = (await store.tenants.createTenant(name))._id
    for (let i = 0; i < 5; i++)
      await store.audit.record({
        tenantId: tenant,
        email: 'analyst@t.test',
        action: 'view',
        checkId: `chk_TrustTamper0${i}`,
      })
    const ok = adminCli('console-audit', 'verify', '--tenant', name)
    expect([ok.status, JSON.parse(ok.stdout).ok]).toEqual([0, true])

    const audit = store.db.collection('console_audit')
    await audit.updateOne({ _id: `${tenant}:000000000002` } as never, {
      $set: { email: 'someone@else.test' },
    })
    await audit.deleteOne({ _id: `${tenant}:000000000004` } as never)
    await audit.deleteOne({ _id: `${tenant}:000000000005` } as never)
    const bad = adminCli('console-audit', 'verify', '--tenant', name)
    expect(bad.status).toBe(1)
    expect(JSON.parse(bad.stderr.trim()).chains[0].problems).toEqual([
      'entry 2 changed',
      'entries 4–5 missing (the head is 5)',
    ])
  })
})
