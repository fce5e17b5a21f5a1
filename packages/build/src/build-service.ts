import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { type BuildOptions, build, type Metafile } from 'esbuild'
import { companions, missingSiblings } from './companions'
import { externalPackages } from './external-packages'

/** What a build read, kept as `dist/meta.json` for the freshness check (bundle-freshness.ts). */
export interface BundleMeta {
  /** Every source file (relative to the repository's root) the bundle and its companions were made from. */
  inputs: string[]
}

const metaFile = 'meta.json'

function bundleOptions(root: string, name: string) {
  return {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    // ESM: the sources use top-level await and import.meta.url; package.json says "type": "module".
    format: 'esm',
    target: 'node20',
    // Linked maps for `node --enable-source-maps`: stack traces name the TypeScript file and line.
    sourcemap: 'linked',
    sourcesContent: false,
    // Same-named functions and classes of different modules are renamed in one scope; keep their `.name`.
    keepNames: true,
    metafile: true as const,
    logLevel: 'warning',
    plugins: [externalPackages(join(root, 'services', name))],
  } satisfies BuildOptions
}

/**
 * Bundles `services/<name>/src/main.ts` (with every `@rv/*` package it imports; third-party packages stay
 * external) into `services/<name>/dist/main.js`, plus the worker files the bundle loads beside itself
 * (companions.ts). Written into a sibling folder first and moved into `dist/` file by file (a rename
 * replaces atomically), `main.js` last: a build running concurrently, or a service starting meanwhile,
 * never reads half a file.
 *
 * @example await buildService(repoRoot, 'gateway') // services/gateway/dist/main.js
 */
export async function buildService(root: string, name: string): Promise<BundleMeta> {
  const serviceDir = join(root, 'services', name)
  // Beside dist/ at the same depth, so the source maps' relative paths hold after the move.
  const staging = join(serviceDir, `.dist-${process.pid}-${Date.now()}`)
  const options = bundleOptions(root, name)
  try {
    const main = await build({
      ...options,
      entryPoints: [join(serviceDir, 'src/main.ts')],
      outfile: join(staging, 'main.js'),
    })
    const inputs = new Set(Object.keys(main.metafile.inputs))
    for (const companion of companions) {
      if (!inputs.has(companion.loadedBy)) continue
      const out = join(staging, companion.name)
      if (companion.copy) {
        copyFileSync(join(root, companion.copy), out)
        inputs.add(companion.copy)
      } else if (companion.bundle) {
        const worker = await build({ ...options, entryPoints: [join(root, companion.bundle)], outfile: out })
        for (const input of inputsOf(worker.metafile)) inputs.add(input)
      }
    }
    const written = new Set(readdirSync(staging))
    const missing = missingSiblings(readFileSync(join(staging, 'main.js'), 'utf8'), written)
    if (missing.length > 0) {
      throw new Error(
        `services/${name}: the bundle loads ${missing.join(', ')} beside itself, which the build did not write (packages/build/src/companions.ts)`,
      )
    }
    const meta: BundleMeta = { inputs: [...inputs].sort() }
    writeFileSync(join(staging, metaFile), `${JSON.stringify(meta, null, 1)}\n`)
    const dist = join(serviceDir, 'dist')
    mkdirSync(dist, { recursive: true })
    const order = [...readdirSync(staging)].sort((a, b) => Number(a === 'main.js') - Number(b === 'main.js'))
    for (const file of order) renameSync(join(staging, file), join(dist, file))
    return meta
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

function inputsOf(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs)
}

/** The inputs a service's last build recorded, or undefined when it has not been built. */
export function readBundleMeta(root: string, name: string): BundleMeta | undefined {
  try {
    return JSON.parse(readFileSync(join(root, 'services', name, 'dist', metaFile), 'utf8')) as BundleMeta
  } catch {
    return undefined
  }
}
