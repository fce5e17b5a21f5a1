import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defaultProfile } from '@rv/core'
import type { Profile } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { repoRoot } from '../src/start-services'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'e2e-admin')
const database = cleanup.database()
const dir = mkdtempSync(join(tmpdir(), 'rv-admin-'))

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await cleanup.run()
})

/** The operator CLI as an operator runs it, against this test's database. */
function admin(...args: string[]) {
  const run = spawnSync(
    resolve(repoRoot, 'node_modules/.bin/tsx'),
    [resolve(repoRoot, 'scripts/admin/admin.ts'), ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', MONGODB_URL: stack.mongoUrl, MONGODB_DB: database },
      encoding: 'utf8',
    },
  )
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}
const ok = (...args: string[]) => {
  const run = admin(...args)
  if (run.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${run.stderr}`)
  return JSON.parse(run.stdout)
}

const { name: _n, version: _v, tenant_id: _t, ...behaviour } = defaultProfile
function profileFile(name: string, content: unknown): string {
  const path = join(dir, `${name}.json`)
  writeFileSync(path, JSON.stringify(content))
  return path
}

describe('npm run admin -- profile ...', () => {
  it('sets immutable versions: a change is latest + 1, an unchanged file keeps it, older ones stay readable', async () => {
    const { tenant_id: tenant } = ok('tenant', 'create', 'admin-profiles')
    expect(ok('profile', 'list', tenant).profiles).toEqual([
      { name: 'default', owner: 'builtin', versions: [1] },
    ])
    const strict = profileFile('strict', {
      ...behaviour,
      document: { ...behaviour.document, suspicious: 'reject' },
    })
    expect(ok('profile', 'set', tenant, 'default', '--file', strict)).toEqual({
      tenant_id: tenant,
      name: 'default',
      version: 2,
      changed: true,
    })
    expect(ok('profile', 'set', 'admin-profiles', 'default', '--file', strict)).toMatchObject({
      version: 2,
      changed: false,
    })
    const digits = profileFile('digits', {
      ...behaviour,
      document: { ...behaviour.document, suspicious: 'reject' },
      match: { ...behaviour.match, min_visible_digits: 6 },
    })
    expect(ok('profile', 'set', tenant, 'default', '--file', digits)).toMatchObject({
      version: 3,
      changed: true,
    })

    const v2 = ok('profile', 'show', tenant, 'default', '--version', '2') as Profile
    expect(v2).toMatchObject({ name: 'default', version: 2, tenant_id: tenant })
    expect(v2.document.suspicious).toBe('reject')
    expect(v2.match.min_visible_digits).toBe(4)
    expect((ok('profile', 'show', tenant, 'default', '--version', '1') as Profile).document.suspicious).toBe(
      'review',
    )
    const latest = ok('profile', 'show', tenant) as Profile
    expect(latest).toMatchObject({ version: 3, match: { min_visible_digits: 6 } })
    expect(ok('profile', 'list', tenant).profiles).toEqual([
      { name: 'default', owner: 'builtin', versions: [1] },
      { name: 'default', owner: 'tenant', versions: [2, 3] },
    ])

    // What the gateway pins a new check of this tenant to (main.ts: the latest `default`).
    const store = await connectStore({ url: stack.mongoUrl, database })
    try {
      expect((await store.profiles.latest(tenant, 'default'))?.version).toBe(3)
    } finally {
      await store.close()
    }
  }, 120_000)

  it('refuses a file the profile schema refuses, listing the problem, and writes nothing', () => {
    const { tenant_id: tenant } = ok('tenant', 'create', 'admin-invalid')
    const bad = profileFile('bad', { ...behaviour, document: { ...behaviour.document, forged: 'maybe' } })
    const run = admin('profile', 'set', tenant, 'default', '--file', bad)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('/document/forged')
    const partial = profileFile('partial', { document: behaviour.document })
    expect(admin('profile', 'set', tenant, 'default', '--file', partial).status).toBe(1)
    expect(ok('profile', 'list', tenant).profiles).toEqual([
      { name: 'default', owner: 'builtin', versions: [1] },
    ])
    expect(admin('profile', 'show', tenant, 'default', '--version', '9').status).toBe(1)
  }, 120_000)
})
