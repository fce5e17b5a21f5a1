import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildService, readBundleMeta } from './build-service'
import { serviceBundle } from './service-names'

const builderDir = dirname(fileURLToPath(import.meta.url))

/** The build's own sources: a change to how bundles are made makes every bundle stale. */
function builderSources(): string[] {
  return readdirSync(builderDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(builderDir, file))
}

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs
  } catch {
    return undefined
  }
}

/**
 * Is `services/<name>/dist/main.js` newer than every file it was built from (as its `dist/meta.json`
 * lists them) and than the build's own sources? A stat per file, a few milliseconds: no hashing, no
 * compiler. A source that was edited, deleted or replaced by a checkout makes the bundle stale; a new
 * file matters only once an existing one imports it, which edits that one.
 */
export function isBundleFresh(root: string, name: string): boolean {
  const built = mtimeOf(join(root, serviceBundle(name)))
  const meta = readBundleMeta(root, name)
  if (built === undefined || meta === undefined) return false
  const sources = [...meta.inputs.map((input) => join(root, input)), ...builderSources()]
  return sources.every((source) => {
    const changed = mtimeOf(source)
    return changed !== undefined && changed <= built
  })
}

/**
 * Builds the services whose bundle is missing or older than its sources; returns the names it built.
 * Concurrent callers may both build one service: the moves into dist/ are atomic and the results equal.
 *
 * @example await ensureServicesBuilt(repoRoot, ['gateway', 'extraction'])
 */
export async function ensureServicesBuilt(root: string, names: readonly string[]): Promise<string[]> {
  const stale = names.filter((name) => !isBundleFresh(root, name))
  for (const name of stale) await buildService(root, name)
  return stale
}
