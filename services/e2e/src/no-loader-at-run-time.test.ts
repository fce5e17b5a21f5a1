/**
 * Services run in production from their bundles (packages/build: services/<name>/dist/main.js), with no
 * TypeScript loader at run time. This reads every file that starts a service — the manifests, Compose, the
 * image recipe, start.sh and the test launchers — and fails on any that would start one through tsx.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { listServices, repoRoot } from '@rv/build'
import { describe, expect, it } from 'vitest'

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ext.test(entry.name))
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)))
}

const launchers = [
  ...filesUnder('deploy/k8s', /\.ya?ml$/),
  'docker-compose.yml',
  'deploy/docker/service.Dockerfile',
  'scripts/start.sh',
  'services/e2e/src/start-services.ts',
  'services/e2e/src/start-console.ts',
]

/** A TypeScript loader in a command: `--import tsx`, `--loader tsx`, tsx's binary or its register API. */
const loader = /--(import|loader|require)[=\s,]+['"]?tsx\b|node_modules\/\.bin\/tsx|['"]tsx\/(esm|cjs)/
/** A service's TypeScript entry run directly: `tsx …/src/main.ts`, or a command naming `src/main.ts`. */
const sourceEntry = /\btsx\s+\S*src\/main\.ts|(command|CMD|exec|spawn)\b[^\n]*src\/main\.ts/

describe('no TypeScript loader at run time', () => {
  it('every service builds its bundle and starts it with node', () => {
    const services = listServices(repoRoot)
    expect(services).toContain('gateway')
    expect(services).toContain('retention')
    for (const name of services) {
      const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'services', name, 'package.json'), 'utf8'))
      expect(scripts.build, name).toBe('tsx ../../packages/build/src/build-cli.ts')
      expect(scripts.start, name).toBe('node --enable-source-maps dist/main.js')
    }
  })

  it('no manifest, Compose file, image recipe, start script or test launcher starts a service through tsx', () => {
    expect(launchers.length).toBeGreaterThan(10)
    for (const file of launchers) {
      const text = readFileSync(join(repoRoot, file), 'utf8')
      expect(text.match(loader)?.[0], file).toBeUndefined()
      expect(text.match(sourceEntry)?.[0], file).toBeUndefined()
    }
  })

  it('the one service image bundles every service, and npm run build is the bundler over all of them', () => {
    const image = readFileSync(join(repoRoot, 'deploy/docker/service.Dockerfile'), 'utf8')
    expect(image).toMatch(/^RUN npm run build\b/m)
    const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))
    expect(root.scripts.build).toBe('tsx packages/build/src/build-cli.ts')
  })

  it('start.sh runs only scripts through tsx (the launcher, the signing key), never a service', () => {
    const text = readFileSync(join(repoRoot, 'scripts/start.sh'), 'utf8')
    const runs = [...text.matchAll(/\btsx\s+(\S+)/g)].map((m) => m[1])
    expect(runs.length).toBeGreaterThan(0)
    expect(runs.filter((target) => !target?.startsWith('scripts/'))).toEqual([])
  })

  it('the patterns catch what they are for', () => {
    for (const bad of [
      'command: [node, --import, tsx, services/gateway/src/main.ts]',
      'CMD ["sh", "-c", "exec node --import tsx services/$SERVICE/src/main.ts"]',
      "spawn(resolve(repoRoot, 'node_modules/.bin/tsx'), [entry])",
      'exec npx tsx services/gateway/src/main.ts',
    ])
      expect(loader.test(bad) || sourceEntry.test(bad), bad).toBe(true)
    for (const good of [
      'command: [node, --enable-source-maps, services/gateway/dist/main.js]',
      'RUN test -n "$SERVICE" && test -f "services/$SERVICE/src/main.ts"',
    ])
      expect(loader.test(good) || sourceEntry.test(good), good).toBe(false)
  })
})
