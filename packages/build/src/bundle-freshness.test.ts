import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildService } from './build-service'
import { ensureServicesBuilt, isBundleFresh } from './bundle-freshness'

let root: string | undefined
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
  root = undefined
})

/** A repository of its own in a temporary folder: the files given, relative to its root. */
function fixtureRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rv-build-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

const demo = {
  'services/demo/src/main.ts': "import { greeting } from './greeting'\nconsole.log(greeting)\n",
  'services/demo/src/greeting.ts':
    "import words from './words.json'\nexport const greeting: string = words.hello\n",
  'services/demo/src/words.json': '{ "hello": "hi" }\n',
}

describe('the freshness check', () => {
  it('is fresh after a build, stale once a source it was built from changes, fresh again after ensureServicesBuilt', async () => {
    root = fixtureRepo(demo)
    expect(isBundleFresh(root, 'demo')).toBe(false)
    const meta = await buildService(root, 'demo')
    expect(meta.inputs).toEqual([
      'services/demo/src/greeting.ts',
      'services/demo/src/main.ts',
      'services/demo/src/words.json',
    ])
    expect(isBundleFresh(root, 'demo')).toBe(true)
    expect(await ensureServicesBuilt(root, ['demo'])).toEqual([])

    // The bundle made a minute ago, the data file edited since.
    const earlier = new Date(Date.now() - 60_000)
    utimesSync(join(root, 'services/demo/dist/main.js'), earlier, earlier)
    expect(isBundleFresh(root, 'demo')).toBe(false)
    utimesSync(join(root, 'services/demo/dist/main.js'), new Date(), new Date())
    expect(isBundleFresh(root, 'demo')).toBe(true)
    utimesSync(join(root, 'services/demo/src/words.json'), new Date(), new Date())
    utimesSync(join(root, 'services/demo/dist/main.js'), earlier, earlier)
    expect(isBundleFresh(root, 'demo')).toBe(false)
    expect(await ensureServicesBuilt(root, ['demo'])).toEqual(['demo'])
    expect(isBundleFresh(root, 'demo')).toBe(true)
  })

  it('is stale when a source it was built from is gone, or the bundle is', async () => {
    root = fixtureRepo(demo)
    await buildService(root, 'demo')
    rmSync(join(root, 'services/demo/src/words.json'))
    expect(isBundleFresh(root, 'demo')).toBe(false)

    writeFileSync(join(root, 'services/demo/src/words.json'), '{ "hello": "hi" }\n')
    await buildService(root, 'demo')
    rmSync(join(root, 'services/demo/dist/main.js'))
    expect(isBundleFresh(root, 'demo')).toBe(false)
  })
})

describe('buildService', () => {
  it('leaves a package node finds from the service external, and bundles one only the importer can reach', async () => {
    root = fixtureRepo({
      'services/demo/src/main.ts':
        "import { both } from '../../../packages/lib/src/both'\nconsole.log(both)\n",
      'packages/lib/src/both.ts':
        "import { nested } from 'nested-only'\nimport { top } from 'hoisted'\nexport const both = nested + top\n",
      'packages/lib/node_modules/nested-only/package.json': '{ "name": "nested-only", "main": "index.js" }',
      'packages/lib/node_modules/nested-only/index.js': "exports.nested = 'NESTED-ONLY-BODY'\n",
      'node_modules/hoisted/package.json': '{ "name": "hoisted", "main": "index.js" }',
      'node_modules/hoisted/index.js': "exports.top = 'HOISTED-BODY'\n",
    })
    await buildService(root, 'demo')
    const bundle = readFileSync(join(root, 'services/demo/dist/main.js'), 'utf8')
    expect(bundle).toMatch(/from "hoisted"/)
    expect(bundle).not.toContain('HOISTED-BODY')
    expect(bundle).toContain('NESTED-ONLY-BODY')
    expect(bundle).not.toMatch(/from "nested-only"/)
  })

  it('fails when the bundle loads a file beside itself that the build did not write', async () => {
    root = fixtureRepo({
      'services/demo/src/main.ts':
        "import { Worker } from 'node:worker_threads'\nnew Worker(new URL('./missing-worker.mjs', import.meta.url))\n",
    })
    await expect(buildService(root, 'demo')).rejects.toThrow(/missing-worker\.mjs/)
  })
})
