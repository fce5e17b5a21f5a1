import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { linkNodeModules } from './checkout-node-modules'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A repository with one workspace package (@rv/lib), a third-party package, a scoped one and a nested install. */
function fixture(): { repo: string; checkout: string } {
  const base = mkdtempSync(join(tmpdir(), 'rv-checkout-test-'))
  made.push(base)
  const repo = join(base, 'repo')
  const checkout = join(base, 'checkout')
  for (const root of [repo, checkout]) {
    mkdirSync(join(root, 'packages/lib'), { recursive: true })
    writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: ['packages/*'] }))
  }
  mkdirSync(join(repo, 'node_modules/@rv'), { recursive: true })
  symlinkSync('../../packages/lib', join(repo, 'node_modules/@rv/lib'))
  mkdirSync(join(repo, 'node_modules/left-pad'), { recursive: true })
  mkdirSync(join(repo, 'node_modules/@scope/thing'), { recursive: true })
  mkdirSync(join(repo, 'packages/lib/node_modules/nested'), { recursive: true })
  return { repo, checkout }
}

describe('linkNodeModules', () => {
  it("resolves workspace packages to the checkout's own and the rest to the repository's install", () => {
    const { repo, checkout } = fixture()
    linkNodeModules(repo, checkout)
    const real = (path: string) => realpathSync(join(checkout, path))
    expect(real('node_modules/@rv/lib')).toBe(realpathSync(join(checkout, 'packages/lib')))
    expect(real('node_modules/left-pad')).toBe(realpathSync(join(repo, 'node_modules/left-pad')))
    expect(real('node_modules/@scope/thing')).toBe(realpathSync(join(repo, 'node_modules/@scope/thing')))
    expect(real('packages/lib/node_modules/nested')).toBe(
      realpathSync(join(repo, 'packages/lib/node_modules/nested')),
    )
  })
})
