import { generateReceipt } from '@rv/generator'
import { contentKey, createS3Storage, sha256Hex } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { learnDeps, learningCommands } from '../../../scripts/admin/learning'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'e2e-learning')
const bucket = cleanup.bucket()
const storage = createS3Storage({ ...stack.s3, bucket })
let store: Store
let tenant: string

const OLD = 'Oracle BI Publisher 12.2.1.4.0'
const NEW = 'Oracle BI Publisher 12.2.1.5.0'
/** A producer no bank uses and no editing tool: the committed Alfa fingerprint calls it suspicious alone. */
const FOREIGN = 'Receipt Maker Pro 2.0 (Win64)!'

/** A generated Alfa SBP receipt (never a real one), its producer swapped in place, stored as the gateway stores files. */
async function stored(seed: string, producer = OLD) {
  const { pdf } = generateReceipt({ family: 'alfa', variant: 'sbp', seed })
  const bytes = new Uint8Array(
    Buffer.from(Buffer.from(pdf).toString('latin1').replaceAll(OLD, producer), 'latin1'),
  )
  const sha256 = sha256Hex(bytes)
  await storage.put(contentKey(sha256), bytes, 'application/pdf')
  return { bucket, key: contentKey(sha256), sha256 }
}

async function run(command: string, ...args: string[]): Promise<Record<string, unknown>> {
  const out = await learningCommands[command]!(store, args, { storage: () => storage })
  return JSON.parse(out)
}

beforeAll(async () => {
  await storage.ensure()
  store = await connectStore({ url: stack.mongoUrl, database: cleanup.database() })
  await store.ensureIndexes()
  tenant = (await store.tenants.createTenant('learning-shop'))._id
  await store.consoleUsers.add({
    email: 'lead@learning.test',
    tenantId: tenant,
    role: 'lead',
    password: 'x'.repeat(16),
  })
  await store.consoleUsers.add({
    email: 'analyst@learning.test',
    tenantId: tenant,
    role: 'analyst',
    password: 'x'.repeat(16),
  })
})
afterAll(async () => {
  await store.close()
  await cleanup.run()
})

describe('decisions teach, over the real store and file storage', () => {
  it('reads only the listed tenants’ decisions, and counts the operator’s approval of a new version, never a lead’s', async () => {
    const deps = learnDeps(store, (key) => storage.get(key))
    const file = await stored('chk_learn_lead', NEW)
    await store.reviews.accept({
      _id: 'chk_learn_lead',
      tenant_id: tenant,
      family: 'alfa/sbp',
      bank: 'alfa',
      note: null,
      file,
    })
    expect((await deps.reviews.acceptedSince('alfa', [tenant])).map((d) => d._id)).toEqual(['chk_learn_lead'])
    expect(await deps.reviews.acceptedSince('alfa', [])).toEqual([])
    expect(await deps.reviews.acceptedSince('alfa', ['ten_other'])).toEqual([])

    await expect(run('fingerprint approve', 'alfa', NEW)).rejects.toThrow('usage: fingerprint approve')
    expect(await run('fingerprint approve', 'alfa', NEW, '--by', 'ops@operator.test')).toEqual({
      family: 'alfa',
      version: NEW,
      approved_by: 'ops@operator.test',
      role: 'operator',
      created: true,
    })
    expect(await deps.approvedVersions('alfa', [NEW, OLD])).toEqual([
      { version: NEW, approved_by: 'ops@operator.test' },
    ])
    expect(await deps.approvedVersions('vtb', [NEW])).toEqual([])
  })

  it('re-runs the tenants’ forgery regression set on demand and fails when a confirmed forgery is judged milder', async () => {
    await store.forgerySet.add({
      _id: 'chk_learn_forged',
      tenant_id: tenant,
      family: 'alfa/sbp',
      verdict_was: 'suspicious',
      reason_code: 'amount_edited',
      decided_by: 'analyst@learning.test',
      file: await stored('forged', FOREIGN),
      added_at: new Date(),
    })
    const ok = await run('fingerprint regress', 'alfa')
    expect(ok).toMatchObject({
      fingerprint: 'builtin',
      family: 'alfa',
      judged: [
        { id: 'chk_learn_forged', verdictWas: 'suspicious', before: 'suspicious', after: 'suspicious' },
      ],
      regressions: [],
    })
    // A "forgery" the active fingerprint calls genuine: the set fails, naming the case.
    await store.forgerySet.add({
      _id: 'chk_learn_missed',
      tenant_id: tenant,
      family: 'alfa/sbp',
      verdict_was: 'suspicious',
      reason_code: 'amount_edited',
      decided_by: 'analyst@learning.test',
      file: await stored('missed'),
      added_at: new Date(),
    })
    await expect(run('fingerprint regress', 'alfa')).rejects.toThrow(/forgery regression: .*chk_learn_missed/)
  })
})
