/**
 * Writes schemas/released/<topic>.json: the registry form of every event schema as it was last released.
 * CI checks the working tree against these (released-baseline.integration.test.ts), so a change that would
 * break BACKWARD compatibility with what subscribers already run fails the build even on a fresh registry.
 * Run it only when releasing a schema change on purpose:
 *
 *   npx tsx schemas/scripts/release-baseline.ts
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { workingTreeEventSchemas } from './check-compatibility'

export const releasedDir = join(import.meta.dirname, '..', 'released')

/** Topic -> released registry schema. */
export function releasedEventSchemas(dir = releasedDir): Map<string, object> {
  const out = new Map<string, object>()
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    out.set(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, file), 'utf8')) as object)
  return out
}

function main(): void {
  mkdirSync(releasedDir, { recursive: true })
  for (const [topic, schema] of workingTreeEventSchemas())
    writeFileSync(join(releasedDir, `${topic}.json`), `${JSON.stringify(schema, null, 2)}\n`)
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) main()
