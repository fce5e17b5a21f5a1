import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The deployable services: every folder of `services/` with an entry `src/main.ts` (e2e has none). */
export function listServices(root: string): string[] {
  return readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'services', entry.name, 'src/main.ts')))
    .map((entry) => entry.name)
    .sort()
}

/** Where a service's bundle lives, relative to the repository's root: `services/<name>/dist/main.js`. */
export function serviceBundle(name: string): string {
  return `services/${name}/dist/main.js`
}
