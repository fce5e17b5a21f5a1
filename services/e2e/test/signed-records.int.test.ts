/**
 * Signed records on the real stack (docs/signed-records.md): the GET header and check.completed.v1's
 * `signature` verify against the gateway's /.well-known/jwks.json, fail after one changed byte, survive a key
 * rotation during traffic; and @rv/client, built and packed by `npm pack`, runs its example end to end.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { readProcessEnv } from '@rv/config'
import { generateReceipt } from '@rv/generator'
import { createEventBus, type EventBus } from '@rv/kafka'
import type { CheckCompletedV1 } from '@rv/schemas'
import { ensureActiveKey, type Jwks, loadKeyRing, rotateActiveKey, verifyRecordSignature } from '@rv/signing'
import { connectStore } from '@rv/store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningServices, repoRoot, startServices } from '../src/start-services'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-signing')
const keyDir = mkdtempSync(join(tmpdir(), 'rv-e2e-keys-'))
const keys = {
  activeKeyFile: join(keyDir, 'active.jwk.json'),
  verifyKeysFile: join(keyDir, 'verify.jwks.json'),
}
const completed = new Map<string, CheckCompletedV1>()
const tenant = { id: '', key: '' }
let services: RunningServices
let bus: EventBus

const generated = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'e2e-signing' })
const api = createApiClient(() => services.baseUrl)

async function createTenant(name: string) {
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  try {
    await store.ensureIndexes()
    const created = await store.tenants.createTenant(name)
    return { id: created._id, key: (await store.tenants.createKey(created._id)).key }
  } finally {
    await store.close()
  }
}

async function jwks(): Promise<Jwks> {
  return (await (await fetch(`${services.baseUrl}/.well-known/jwks.json`)).json()) as Jwks
}

/** A finished check's GET body exactly as sent, and its signature header. */
async function getSigned(id: string): Promise<{ text: string; signature: string }> {
  const res = await api.get(tenant.key, id)
  expect(res.status).toBe(200)
  return { text: await res.text(), signature: res.headers.get('rv-record-signature') ?? '' }
}

async function submit(orderRef: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await api.submit(tenant.key, generated.pdf, {
    expectation: JSON.stringify({ order_ref: orderRef, amount: generated.truth.fields.amount }),
    headers,
  })
  const body = await res.text()
  expect(res.status, body).toBeLessThan(300)
  return (JSON.parse(body) as { id: string }).id
}

/**
 * Bounded below the tests' own timeouts, so a check that never finishes fails with where it stood and the
 * services' states, not a bare timeout.
 */
const finished = (id: string) =>
  api.waitForTerminal(tenant.key, id, { timeoutMs: 60_000, explain: () => services.describe() })

async function submitFinished(orderRef: string): Promise<string> {
  const id = await submit(orderRef, { prefer: 'wait=30' })
  await finished(id)
  return id
}

async function waitForEvent(id: string): Promise<CheckCompletedV1> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const event = completed.get(id)
    if (event) return event
    if (Date.now() > deadline)
      throw new Error(`no check.completed.v1 for ${id} within 60 s\n${services.describe()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function restart(name: 'gateway' | 'aggregator'): Promise<void> {
  await services.stopService(name)
  services.startService(name)
  if (name !== 'gateway') return
  for (;;) {
    // Readiness is served on the operator port only (services/gateway/src/operator-app.ts).
    const ready = await fetch(`${services.operatorUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) return
    await new Promise((r) => setTimeout(r, 200))
  }
}

const kidOf = (jws: string) =>
  (JSON.parse(Buffer.from(jws.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid

beforeAll(async () => {
  ensureActiveKey(keys.activeKeyFile)
  Object.assign(tenant, await createTenant('signing'))
  services = await startServices({
    env: {
      ...e2e.env,
      RECORD_SIGNING_KEY_FILE: keys.activeKeyFile,
      RECORD_VERIFY_KEYS_FILE: keys.verifyKeysFile,
    },
    // Seven services compile and connect at once; on a loaded machine that takes minutes.
    readyTimeoutMs: 240_000,
  })
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'e2e-signing-downstream',
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
}, 300_000)

afterAll(async () => {
  await bus?.close()
  await services?.stop()
  await e2e.cleanup.run()
  rmSync(keyDir, { recursive: true, force: true })
}, 60_000)

describe('signed records on the real stack', () => {
  const firstKid = () => loadKeyRing(keys).active!.kid

  it('GET /v1/checks/{id} carries RV-Record-Signature over its body; one changed byte fails it', async () => {
    const id = await submitFinished('signed-get')
    const { text, signature } = await getSigned(id)
    const keySet = await jwks()
    expect(keySet.keys.map((k) => k.kid)).toEqual([firstKid()])
    expect(verifyRecordSignature(JSON.parse(text), signature, keySet)).toEqual({ ok: true, kid: firstKid() })
    // The amount's first digit, one byte of the body as sent, changed.
    const amountAt = text.indexOf('"amount":') + '"amount":'.length
    const digit = text[amountAt]!
    const changed =
      text.slice(0, amountAt) + (digit === '9' ? '1' : String(Number(digit) + 1)) + text.slice(amountAt + 1)
    expect(verifyRecordSignature(JSON.parse(changed), signature, keySet)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
  }, 120_000)

  it("check.completed.v1 carries the record's signature beside it, and npm run verify-record checks a saved one", async () => {
    const id = await submitFinished('signed-event')
    const event = await waitForEvent(id)
    const { signature, ...record } = event
    expect(verifyRecordSignature(record, signature ?? '', await jwks())).toEqual({
      ok: true,
      kid: firstKid(),
    })
    const saved = join(keyDir, 'event.json')
    writeFileSync(saved, JSON.stringify(event, null, 2))
    const verify = (file: string) =>
      spawnSync(
        resolve(repoRoot, 'node_modules/.bin/tsx'),
        ['scripts/verify/record.ts', file, '--jwks', `${services.baseUrl}/.well-known/jwks.json`],
        {
          cwd: repoRoot,
          encoding: 'utf8',
        },
      )
    const good = verify(saved)
    expect(good.stdout).toContain(`valid: ${id} signed by key ${firstKid()}`)
    expect(good.status).toBe(0)
    writeFileSync(saved, JSON.stringify({ ...event, order_ref: 'signed-evenT' }))
    const bad = verify(saved)
    expect(bad.stdout).toContain('INVALID')
    expect(bad.status).toBe(1)
  }, 120_000)

  it('a key rotation during traffic: records signed before it still verify with the retired key in the JWKS', async () => {
    const before = await submitFinished('before-rotation')
    const beforeGet = await getSigned(before)
    const beforeEvent = await waitForEvent(before)
    const oldKid = kidOf(beforeGet.signature)
    // Checks accepted and still in the pipeline while the key files change and the two signing services
    // restart one by one (the aggregator first: it signs the events of these checks).
    const during = [await submit('during-rotation-1'), await submit('during-rotation-2')]
    const newKid = rotateActiveKey(keys)
    await restart('aggregator')
    await restart('gateway')
    for (const id of during) await finished(id)
    const after = await submitFinished('after-rotation')

    const keySet = await jwks()
    expect(keySet.keys.map((k) => k.kid)).toEqual([newKid, oldKid])
    // Saved before the rotation: the body and the event both verify with the retired key.
    expect(verifyRecordSignature(JSON.parse(beforeGet.text), beforeGet.signature, keySet)).toEqual({
      ok: true,
      kid: oldKid,
    })
    const { signature: beforeSig, ...beforeRecord } = beforeEvent
    expect(verifyRecordSignature(beforeRecord, beforeSig ?? '', keySet)).toEqual({ ok: true, kid: oldKid })
    // Every record of the traffic verifies, whichever key signed its event; GET now signs with the new key.
    for (const id of [before, ...during, after]) {
      const { signature, ...record } = await waitForEvent(id)
      expect(verifyRecordSignature(record, signature ?? '', keySet).ok, id).toBe(true)
      const now = await getSigned(id)
      expect(verifyRecordSignature(JSON.parse(now.text), now.signature, keySet)).toEqual({
        ok: true,
        kid: newKid,
      })
    }
    expect(kidOf((await waitForEvent(after)).signature ?? '')).toBe(newKid)
  }, 240_000)

  it('@rv/client, built and packed by npm pack, runs its example end to end and verifies the record', async () => {
    const packDir = mkdtempSync(join(tmpdir(), 'rv-client-pack-'))
    try {
      // npm pack builds the library (prepack) and writes the tarball a user would install.
      execFileSync('npm', ['pack', '--pack-destination', packDir], {
        cwd: resolve(repoRoot, 'packages/client'),
        stdio: 'pipe',
      })
      expect(readdirSync(packDir).filter((f) => f.endsWith('.tgz'))).toHaveLength(1)
      const receipt = join(packDir, 'receipt.pdf')
      writeFileSync(receipt, generated.pdf)
      const run = spawnSync(
        resolve(repoRoot, 'node_modules/.bin/tsx'),
        ['packages/client/examples/submit-and-verify.ts', receipt, String(generated.truth.fields.amount)],
        {
          cwd: repoRoot,
          env: { PATH: e2e.env.PATH, RV_BASE_URL: services.baseUrl, RV_API_KEY: tenant.key },
          encoding: 'utf8',
          timeout: 120_000,
        },
      )
      expect(run.status, run.stderr).toBe(0)
      const summary = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>
      expect(summary).toMatchObject({
        status: 'done',
        verified: true,
        kid: loadKeyRing(keys).active!.kid,
        decisions: 0,
      })
      expect(summary['id']).toMatch(/^chk_/)
    } finally {
      rmSync(packDir, { recursive: true, force: true })
    }
  }, 240_000)

  it("the README's snippet saves a record with its header and verify-record says it is valid", () => {
    const readme = readFileSync(resolve(repoRoot, 'README.md'), 'utf8')
    const start = readme.indexOf('### Signed records and the client library')
    const block = /```bash\n([\s\S]*?)```/.exec(readme.slice(start))?.[1]
    expect(block).toContain('npm run --silent verify-record')
    // Run as written from the repository's root, with the quick start's KEY and RV_BASE_URL set.
    const written = ['headers.txt', 'record.json'].map((f) => resolve(repoRoot, f))
    try {
      const run = spawnSync('bash', ['-eo', 'pipefail', '-c', block!], {
        cwd: repoRoot,
        env: {
          PATH: e2e.env.PATH,
          HOME: readProcessEnv().HOME,
          KEY: tenant.key,
          RV_BASE_URL: services.baseUrl,
        },
        encoding: 'utf8',
        timeout: 120_000,
      })
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toMatch(
        new RegExp(`^valid: chk_\\w+ signed by key ${loadKeyRing(keys).active!.kid}$`, 'm'),
      )
    } finally {
      for (const f of written) rmSync(f, { force: true })
    }
  }, 180_000)
})
