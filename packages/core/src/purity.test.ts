/**
 * Core is pure (ARCHITECTURE.md, "Rules the code keeps"): every non-test file of `src/` is parsed and its
 * imports held to what a pure package may use. Biome's `noNodejsModules` says the same for built-ins; this
 * test also catches a client library, a workspace package that does I/O, and a dependency nobody declared.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { classifySpecifier, listSourceFiles, readImports, relativePath } from '../test/import-graph'

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const sourceRoot = join(packageRoot, 'src')

/**
 * The packages core's code may import, and why each is pure. Adding one is a decision: say here why it
 * does no I/O (and declare it in package.json's `dependencies`).
 */
const allowedPackages: Record<string, string> = {
  '@rv/schemas': 'generated types and the JSON schemas as data',
  '@noble/hashes': 'SHA-256 and HMAC over bytes in memory',
  fflate: 'inflate/deflate in memory',
  pako: 'zlib in memory (reproducing a producer’s deflate)',
  'pdfjs-dist': 'the PDF text layer fallback, fed bytes (no worker thread, no fetch)',
}

const imports = readImports(listSourceFiles(sourceRoot)).map((site) => ({
  file: relativePath(sourceRoot, site.from),
  specifier: site.specifier,
  ...classifySpecifier(site.specifier),
}))

describe('core purity (import graph of src/, tests excluded)', () => {
  it('reads a real graph: core has files and imports to judge', () => {
    expect(new Set(imports.map((i) => i.file)).size).toBeGreaterThan(100)
    expect(imports.some((i) => i.kind === 'package' && i.name === '@rv/schemas')).toBe(true)
  })

  it('imports no Node built-in (fs, net, http, child_process, worker_threads, crypto, …)', () => {
    const found = imports.filter((i) => i.kind === 'node').map((i) => `${i.file} imports ${i.specifier}`)
    expect(found).toEqual([])
  })

  it('imports only packages on the allow-list (no client library, no workspace package that does I/O)', () => {
    const found = imports
      .filter((i) => i.kind === 'package' && !(i.name in allowedPackages))
      .map((i) => `${i.file} imports ${i.specifier}`)
    expect(found).toEqual([])
  })

  it('declares every package it imports as a dependency', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'))
    const declared = Object.keys(manifest.dependencies ?? {})
    const used = [...new Set(imports.filter((i) => i.kind === 'package').map((i) => i.name))]
    expect(used.filter((name) => !declared.includes(name))).toEqual([])
  })
})
