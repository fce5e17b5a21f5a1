import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { exampleRecord } from '@rv/core'
import { generateReceipt } from '@rv/generator'
import { contentKey, createS3Storage, sha256Hex } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { fingerprintCommands } from '../../../scripts/admin/fingerprints'
import { storeEnv } from '../src/e2e-environment'
import { repoRoot } from '../src/start-services'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'e2e-fingerprints')
const database = cleanup.database()
const bucket = cleanup.bucket()
const dir = mkdtempSync(join(tmpdir(), 'rv-fingerprints-'))
const storage = createS3Storage({ ...stack.s3, bucket })

let store: Store

beforeAll(async () => {
  await storage.ensure()
  store = await connectStore({ url: stack.mongoUrl, database })
  await store.ensureIndexes()
  for (let i = 0; i < 5; i++) await checkInReview(`chk_fp_accepted_${i}`, `accepted-${i}`)
  await checkInReview('chk_fp_running', 'running', 'processing')
})
afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  await cleanup.run()
})

/**
 * The operator CLI as an operator runs it, against this test's database and bucket. Asynchronous: a
 * blocked event loop would leave stale keep-alive connections to S3 and starve vitest's own calls.
 */
function admin(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/tsx'),
    [resolve(repoRoot, 'scripts/admin/admin.ts'), ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...storeEnv(stack, database, bucket) },
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((done, fail) => {
    child.on('error', fail)
    child.on('close', (status) => done({ status, stdout, stderr }))
  })
}
const ok = async (...args: string[]) => {
  const run = await admin(...args)
  if (run.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${run.stderr}`)
  return JSON.parse(run.stdout)
}

/**
 * The same commands in-process, for the many steps after the CLI's own wiring is proven: each CLI start
 * costs seconds on a loaded machine. `main` in scripts/admin/admin.ts only dispatches `<noun> <verb>` to these.
 */
async function command(
  ...args: string[]
): Promise<{ ok: true; value: ReturnType<typeof JSON.parse> } | { ok: false; error: string }> {
  const [noun, verb, ...rest] = args
  const run = fingerprintCommands[`${noun} ${verb}`]
  if (!run) throw new Error(`no command ${noun} ${verb}`)
  try {
    // The operator lists the tenants whose decisions teach (LEARNING_TENANTS): this test's one tenant.
    const io = { storage: () => storage, learningTenants: ['ten_fp'] }
    return { ok: true, value: JSON.parse(await run(store, rest, io)) }
  } catch (error) {
    return { ok: false, error: (error as Error).message }
  }
}
async function inProcess(...args: string[]) {
  const result = await command(...args)
  if (!result.ok) throw new Error(`${args.join(' ')} failed: ${result.error}`)
  return result.value
}
async function refused(...args: string[]): Promise<string> {
  const result = await command(...args)
  if (result.ok) throw new Error(`${args.join(' ')} succeeded`)
  return result.error
}

const vtbVariants = ['sbp_outgoing', 'vtb_client', 'sbp_incoming', 'salary', 'abroad_phone', 'card_abroad']
/** Generated genuine VTB receipts (never real ones), written to a fresh folder. */
function folderOf(name: string, count: number, extra: { family: string; variant: string }[] = []): string {
  const folder = join(dir, name)
  mkdirSync(folder)
  const wanted = [
    ...Array.from({ length: count }, (_, i) => ({
      family: 'vtb',
      variant: vtbVariants[i % vtbVariants.length]!,
    })),
    ...extra,
  ]
  wanted.forEach(({ family, variant }, i) => {
    const { pdf } = generateReceipt({ family, variant, seed: `${name}-${i}` })
    writeFileSync(join(folder, `${family}-${i}.pdf`), pdf)
  })
  return folder
}

/** A finished check in review whose original file is in the bucket, as the pipeline leaves one. */
async function checkInReview(id: string, seed: string, status: 'done' | 'processing' = 'done') {
  const { pdf, filename } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed })
  const sha256 = sha256Hex(pdf)
  await storage.put(contentKey(sha256), pdf, 'application/pdf')
  {
    const record = exampleRecord({ id, tenant_id: 'ten_fp', status: 'pending', recommendation: null })
    const file = {
      bucket,
      key: contentKey(sha256),
      sha256,
      size: pdf.byteLength,
      content_type: 'application/pdf',
      filename,
    }
    await store.checks.insertPending(record, { check_id: id, tenant_id: 'ten_fp', file })
    if (status === 'done')
      await store.checks.writeRecord({
        ...record,
        status: 'done',
        document: { verdict: 'suspicious', family: 'vtb/sbp_outgoing', checks: [] },
        recommendation: 'review',
        reasons: ['document_suspicious'],
      })
  }
}

describe('npm run admin -- fingerprint … / review accept', () => {
  it('refuses too few samples with a clear message and writes nothing', async () => {
    const run = await admin('fingerprint', 'learn', 'vtb', folderOf('few', 3))
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('refusing to learn vtb from 3 genuine receipt(s): at least 10 are needed')
    expect(await inProcess('fingerprint', 'list', 'vtb')).toEqual({
      family: 'vtb',
      active: 'builtin',
      versions: [],
    })
    expect(await refused('fingerprint', 'learn', 'nobank', dir)).toContain('unknown family nobank')
  }, 300_000)

  it('learns immutable versions from a folder and from accepted checks; activate and rollback move the pointer', async () => {
    const folder = folderOf('genuine', 10, [{ family: 'alfa', variant: 'sbp' }])
    const first = await ok('fingerprint', 'learn', 'vtb', folder, '--note', 'app 7.1')
    expect(first).toMatchObject({
      family: 'vtb',
      version: 'v1',
      created: true,
      active: true,
      samples: { folder: 10, accepted: 0 },
      judgedBefore: { version: 'builtin' },
    })
    expect(first.rejected).toEqual([
      { label: 'alfa-10.pdf', reason: expect.stringContaining('recognised as alfa/') },
    ])
    // The same files again: the same content, no new version.
    expect(await inProcess('fingerprint', 'learn', 'vtb', folder)).toMatchObject({
      version: 'v1',
      created: false,
    })
    const shown = await inProcess('fingerprint', 'show', 'vtb')
    expect(shown).toMatchObject({
      family: 'vtb',
      version: 1,
      provenance: { folder: 10, accepted: 0, note: 'app 7.1' },
    })
    expect(shown.fingerprint).toMatchObject({ family: 'vtb', version: 'v1', source: 'learned', samples: 10 })

    // Analysts accept checks in review (made in beforeAll); a check still running cannot be accepted.
    expect(
      await inProcess('review', 'accept', 'chk_fp_accepted_0', '--note', 'payer confirmed by phone'),
    ).toMatchObject({
      check_id: 'chk_fp_accepted_0',
      family: 'vtb/sbp_outgoing',
      decision: 'genuine',
      recommendation_was: 'review',
      created: true,
    })
    expect(await inProcess('review', 'accept', 'chk_fp_accepted_0')).toMatchObject({ created: false })
    for (let i = 1; i < 5; i++) await inProcess('review', 'accept', `chk_fp_accepted_${i}`)
    expect(await refused('review', 'accept', 'chk_fp_running')).toContain('only a finished check')
    expect(await refused('review', 'accept', 'chk_fp_missing')).toContain('no check chk_fp_missing')

    // Folder and accepted checks together; then the accepted ones alone.
    const second = await inProcess('fingerprint', 'learn', 'vtb', folder, '--from-accepted')
    expect(second).toMatchObject({
      version: 'v2',
      created: true,
      samples: { folder: 10, accepted: 5 },
      judgedBefore: { version: 'v1' },
    })
    expect(await refused('fingerprint', 'learn', 'vtb', '--from-accepted')).toContain(
      'from 5 genuine receipt(s)',
    )
    expect(
      await inProcess('fingerprint', 'learn', 'vtb', '--from-accepted', '--min', '5', '--activate', 'no'),
    ).toMatchObject({
      version: 'v3',
      active: false,
      samples: { folder: 0, accepted: 5 },
    })
    const later = new Date(Date.now() + 3_600_000).toISOString()
    expect(
      await refused('fingerprint', 'learn', 'vtb', '--from-accepted', '--min', '5', '--since', later),
    ).toContain('from 0 genuine receipt(s)')

    const list = await inProcess('fingerprint', 'list', 'vtb')
    expect(list.active).toBe('v2')
    expect(list.versions.map((v: { version: number; samples: number }) => [v.version, v.samples])).toEqual([
      [1, 10],
      [2, 15],
      [3, 5],
    ])
    // Older versions are unchanged by later learning.
    expect(await inProcess('fingerprint', 'show', 'vtb', 'v1')).toEqual(shown)
    expect(await inProcess('fingerprint', 'activate', 'vtb', '3')).toEqual({ family: 'vtb', active: 'v3' })
    expect(await inProcess('fingerprint', 'rollback', 'vtb')).toEqual({ family: 'vtb', active: 'v2' })
    expect(await inProcess('fingerprint', 'rollback', 'vtb')).toEqual({ family: 'vtb', active: 'v1' })
    expect(await inProcess('fingerprint', 'rollback', 'vtb')).toEqual({ family: 'vtb', active: 'builtin' })
    expect(await refused('fingerprint', 'activate', 'vtb', '9')).toContain('no fingerprint vtb v9')
  }, 600_000)
})
