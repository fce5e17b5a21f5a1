/**
 * ARCHITECTURE.md's structural claims ("Claims the tests hold") against the code: who imports each client
 * library, who reads `process.env`, which services exist and how they run, no import circle anywhere, and the
 * service counts the READMEs and docker-compose.yml write in words.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  callsMethod,
  classifySpecifier,
  findCycle,
  listSourceFiles,
  readImports,
  readsProcessEnv,
  relativePath,
  resolveRelative,
} from '../../../packages/core/test/import-graph'
import { claimRows, countClaims } from './architecture-doc'
import { repoRoot } from './start-services'

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8')
const architecture = read('ARCHITECTURE.md')

/** Every workspace of the root package.json (`schemas`, `packages/*`, `services/*`, `scripts`). */
const workspaces = ['schemas', 'scripts', 'packages', 'services'].flatMap((top) =>
  existsSync(join(repoRoot, top, 'package.json'))
    ? [top]
    : readdirSync(join(repoRoot, top))
        .map((name) => `${top}/${name}`)
        .filter((path) => existsSync(join(repoRoot, path, 'package.json'))),
)
const sourceFiles = (workspace: string) => listSourceFiles(join(repoRoot, workspace))
const imports = new Map(workspaces.map((w) => [w, readImports(sourceFiles(w))]))

/** Read here, not in a test: parsing every file takes seconds on a loaded machine. */
const sources = workspaces.flatMap((workspace) =>
  sourceFiles(workspace).map((file) => ({ workspace, file, text: readFileSync(file, 'utf8') })),
)
const envReaders = sources
  .filter(({ file, text }) => readsProcessEnv(file, text))
  .map(({ file }) => relativePath(repoRoot, file))
const collectionOpeners = sources
  .filter(({ file, text }) => callsMethod(file, text, 'collection'))
  .map(({ workspace }) => workspace)

const sorted = (items: Iterable<string>) => [...new Set(items)].sort()

describe('ARCHITECTURE.md claims', () => {
  it('names exactly the workspaces that import each client library', () => {
    const claims = Object.fromEntries(
      claimRows(architecture, 'Client library').map((row) => [row.code[0]?.[0] ?? '', row.code[1] ?? []]),
    )
    expect(Object.keys(claims)).toEqual(expect.arrayContaining(['kafkajs', 'mongodb', 'minio', 'openai']))
    for (const [library, claimed] of Object.entries(claims)) {
      const importers = workspaces.filter((w) =>
        imports.get(w)?.some((site) => classifySpecifier(site.specifier).name === library),
      )
      expect({ library, importers: sorted(importers) }).toEqual({ library, importers: sorted(claimed) })
    }
  })

  it('names exactly the files that read process.env', () => {
    const claimed = claimRows(architecture, 'Reads `process.env`').flatMap((row) => row.code[0] ?? [])
    expect(sorted(envReaders)).toEqual(sorted(claimed))
  })

  it('names exactly the workspaces that open MongoDB collections (where queries live)', () => {
    const claimed = claimRows(architecture, 'Opens MongoDB collections').flatMap((row) => row.code[0] ?? [])
    expect(sorted(collectionOpeners)).toEqual(sorted(claimed))
  })

  it('lists every service, and how it runs as its code says', () => {
    const services = workspaces.filter((w) => w.startsWith('services/') && w !== 'services/e2e')
    expect(sorted(Object.keys(serviceKinds(architecture)))).toEqual(
      sorted(services.map((w) => w.slice('services/'.length))),
    )
    for (const [name, runsAs] of Object.entries(serviceKinds(architecture))) {
      const code = sourceFiles(`services/${name}/src`).map((file) => readFileSync(file, 'utf8'))
      const consumes = code.some((text) => /\brunStageConsumer\(|\.consume\(\{/.test(text))
      const http = imports
        .get(`services/${name}`)
        ?.some((s) => classifySpecifier(s.specifier).name === 'hono')
      expect({ name, consumes, http }).toEqual({ name, consumes: runsAs.consumer, http: runsAs.http })
    }
  })

  it('has no import circle between files, anywhere', () => {
    const edges = [...imports.values()]
      .flat()
      .filter((site) => classifySpecifier(site.specifier).kind === 'relative')
      .map((site) => [site.from, resolveRelative(site.from, site.specifier)] as [string, string])
    expect(findCycle(edges)?.map((file) => relativePath(repoRoot, file))).toBeUndefined()
  })
})

/** Each service of the table: served over HTTP, consuming Kafka (neither: a job). */
function serviceKinds(doc: string): Record<string, { http: boolean; consumer: boolean }> {
  return Object.fromEntries(
    claimRows(doc, 'Service').map(({ code, text }) => [
      code[0]?.[0] ?? '',
      { http: /\bHTTP\b/.test(text[1] ?? ''), consumer: /Kafka consumer/.test(text[1] ?? '') },
    ]),
  )
}

describe('service counts written in words', () => {
  const kinds = serviceKinds(architecture)
  const all = Object.keys(kinds).length
  const consumers = Object.values(kinds).filter((k) => k.consumer && !k.http).length
  const longRunning = Object.values(kinds).filter((k) => k.consumer || k.http).length

  it.each(['README.md', 'services/README.md', 'docker-compose.yml'])('%s', (path) => {
    const counts = countClaims(read(path))
    const expected = { consumers, deployables: all, services: all, 'app services': longRunning }
    expect(counts.map((c) => [c.noun, c.count])).toEqual(counts.map((c) => [c.noun, expected[c.noun]]))
  })

  it('docker-compose.yml runs every service that is not a job under the app profile', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, { profiles?: string[] }>
    }
    const app = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('app'))
    const expected = Object.entries(kinds).filter(([, k]) => k.consumer || k.http)
    expect(sorted(app.map(([name]) => name))).toEqual(sorted(expected.map(([name]) => name)))
    expect(app.length).toBe(longRunning)
  })
})
