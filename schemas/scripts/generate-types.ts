/**
 * Generates TypeScript types from the JSON Schemas in ../json (the source of truth).
 * `--check` fails (exit 1) when the committed generated files differ from what the schemas produce.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { compileFromFile } from 'json-schema-to-typescript'

const root = join(import.meta.dirname, '..')
const jsonDir = join(root, 'json')
const outDir = join(root, 'src', 'generated')
const check = process.argv.includes('--check')

const banner =
  '/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */'

async function main(): Promise<void> {
  const drifted: string[] = []
  const files = readdirSync(jsonDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.schema.json'),
  )
  for (const file of files.sort()) {
    const ts = await compileFromFile(join(jsonDir, file), {
      bannerComment: banner,
      cwd: join(jsonDir, file, '..'),
      declareExternallyReferenced: true,
      unreachableDefinitions: true,
      additionalProperties: false,
      maxItems: -1,
      style: { singleQuote: true, semi: false, printWidth: 110 },
    })
    const out = join(outDir, `${basename(file, '.schema.json')}.ts`)
    let current = ''
    try {
      current = readFileSync(out, 'utf8')
    } catch {
      current = ''
    }
    if (current === ts) continue
    if (check) drifted.push(out)
    else writeFileSync(out, ts)
  }
  if (drifted.length > 0) {
    console.error(
      `generated types drifted from schemas; run \`npm run generate -w @rv/schemas\`:\n${drifted.join('\n')}`,
    )
    process.exit(1)
  }
}

await main()
