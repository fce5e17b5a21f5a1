import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

// `npm pack` runs the build (prepack: tsc) and lists what a user would install: the compiled library and
// its declarations, nothing of the sources or tests.
it('packs the built library with its type declarations', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts=false'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const [pack] = JSON.parse(out) as { name: string; files: { path: string }[] }[]
  const files = pack!.files.map((f) => f.path).sort()
  expect(pack!.name).toBe('@rv/client')
  for (const f of [
    'dist/index.js',
    'dist/index.d.ts',
    'dist/client.js',
    'dist/generated/api.d.ts',
    'package.json',
  ])
    expect(files).toContain(f)
  expect(files.filter((f) => f.startsWith('src/') || f.includes('.test.'))).toEqual([])
}, 180_000)
