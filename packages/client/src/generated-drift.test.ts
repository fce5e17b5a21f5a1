import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

it('src/generated/api.ts is what openapi-typescript makes of schemas/openapi.yaml (npm run generate -w @rv/client)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rv-client-types-'))
  try {
    const out = join(dir, 'api.ts')
    const bin = join(root, '..', '..', 'node_modules', '.bin', 'openapi-typescript')
    execFileSync(bin, [join(root, '..', '..', 'schemas', 'openapi.yaml'), '-o', out], { stdio: 'pipe' })
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(root, 'src', 'generated', 'api.ts'), 'utf8'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)
