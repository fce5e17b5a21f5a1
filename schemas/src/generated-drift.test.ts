import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('generated types', () => {
  it('match the JSON Schemas (no drift)', () => {
    const script = join(import.meta.dirname, '..', 'scripts', 'generate-types.ts')
    const run = () => execFileSync('npx', ['tsx', script, '--check'], { stdio: 'pipe' })
    expect(run).not.toThrow()
  }, 60_000)
})
