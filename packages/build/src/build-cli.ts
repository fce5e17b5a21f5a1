/**
 * Bundles services into services/<name>/dist/main.js (build-service.ts).
 *
 *   npm run build                                   # every service, through turbo (each service's `build`)
 *   npx tsx packages/build/src/build-cli.ts [name…] # the named services, or every one; from a service's
 *                                                   # folder with no name, that service
 */
import { basename, dirname, resolve } from 'node:path'
import { buildService } from './build-service'
import { repoRoot } from './repo-root'
import { listServices } from './service-names'

const all = listServices(repoRoot)
const here = resolve(process.cwd())
const named = process.argv.slice(2)
const names =
  named.length > 0 ? named : dirname(here) === resolve(repoRoot, 'services') ? [basename(here)] : all
const unknown = names.filter((name) => !all.includes(name))
if (unknown.length > 0) {
  process.stderr.write(
    `not a service with src/main.ts: ${unknown.join(', ')} (services: ${all.join(', ')})\n`,
  )
  process.exit(2)
}
for (const name of names) {
  const started = performance.now()
  const meta = await buildService(repoRoot, name)
  process.stdout.write(
    `services/${name}/dist/main.js: ${meta.inputs.length} sources, ${Math.round(performance.now() - started)} ms\n`,
  )
}
