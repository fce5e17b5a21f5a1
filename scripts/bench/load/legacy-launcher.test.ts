import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { launcherFor, tsxLauncher } from './legacy-launcher'

describe('launcherFor', () => {
  it('runs a checkout without a build step through tsx, one with it from its bundles', () => {
    const root = mkdtempSync(join(tmpdir(), 'rv-legacy-'))
    expect(launcherFor(root)).toBe(tsxLauncher)
    expect(tsxLauncher('gateway', ['--cpu-prof'], root)).toEqual([
      join(root, 'node_modules/.bin/tsx'),
      ['--cpu-prof', join(root, 'services/gateway/src/main.ts')],
    ])
    mkdirSync(join(root, 'packages/build'), { recursive: true })
    writeFileSync(join(root, 'packages/build/package.json'), '{}')
    expect(launcherFor(root)).toBeUndefined()
  })
})
