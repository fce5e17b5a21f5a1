/**
 * Generates TypeScript types from the JSON Schemas in ../json (the source of truth).
 * `--check` fails (exit 1) when the committed generated files differ from what the schemas produce.
 *
 * Event schemas (json/events/<topic>.schema.json) produce, under src/generated/events/:
 *  - `<topic>.ts`: the value type; types of the record it reuses are imported from the record's module,
 *    never declared twice;
 *  - `<topic>.bundled.json`: the standalone schema registered under subject `<topic>-value`;
 *  - `index.ts`: topic list, topic -> value type, topic -> bundled schema.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { compileFromFile } from 'json-schema-to-typescript'
import {
  addTypeImports,
  declaredTypeNames,
  dropDeclarations,
  type EventModule,
  renderEventsIndex,
} from './event-modules'
import { bundleForRegistry } from './to-draft-07'

const root = join(import.meta.dirname, '..')
const jsonDir = join(root, 'json')
const eventsDir = join(jsonDir, 'events')
const outDir = join(root, 'src', 'generated')
const eventsOutDir = join(outDir, 'events')
const check = process.argv.includes('--check')

const banner =
  '/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */'

const drifted: string[] = []

function emit(path: string, content: string): void {
  let current = ''
  try {
    current = readFileSync(path, 'utf8')
  } catch {
    current = ''
  }
  if (current === content) return
  if (check) drifted.push(path)
  else writeFileSync(path, content)
}

function compile(file: string, declareExternallyReferenced: boolean): Promise<string> {
  return compileFromFile(file, {
    bannerComment: banner,
    cwd: join(file, '..'),
    declareExternallyReferenced,
    unreachableDefinitions: true,
    additionalProperties: false,
    maxItems: -1,
    style: { singleQuote: true, semi: false, printWidth: 110 },
  })
}

function schemaFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
}

/** An event schema that is only a `$ref` to a whole document becomes a type alias of that document's type. */
function aliasTarget(file: string): string | undefined {
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const onlyRef = Object.keys(schema).every((k) =>
    ['$schema', '$id', 'title', 'description', '$ref'].includes(k),
  )
  const ref = schema['$ref']
  if (!onlyRef || typeof ref !== 'string' || ref.includes('#')) return undefined
  const target = JSON.parse(readFileSync(join(file, '..', ref), 'utf8')) as { title?: string }
  return target.title
}

function renderAlias(file: string, target: string): string {
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { title: string; description?: string }
  const doc = schema.description ? `/**\n * ${schema.description}\n */\n` : ''
  return `${banner}\n\n${doc}export type ${schema.title} = ${target}\n`
}

/** Event schema files ordered so that an event referencing another event comes after it. */
function eventFilesInDependencyOrder(): string[] {
  const files = schemaFiles(eventsDir)
  const deps = new Map(
    files.map((f) => {
      const text = readFileSync(join(eventsDir, f), 'utf8')
      const refs = [...text.matchAll(/"\$ref":\s*"([^"#]+)/g)]
        .map((m) => m[1]!)
        .filter((r) => files.includes(r))
      return [f, refs] as const
    }),
  )
  const ordered: string[] = []
  const visit = (f: string, path: string[]): void => {
    if (ordered.includes(f)) return
    if (path.includes(f))
      throw new Error(`event schemas reference each other in a cycle: ${[...path, f].join(' -> ')}`)
    for (const d of deps.get(f) ?? []) visit(d, [...path, f])
    ordered.push(f)
  }
  for (const f of files) visit(f, [])
  return ordered
}

async function main(): Promise<void> {
  // Type name -> module specifier as seen from src/generated/events/.
  if (!check) mkdirSync(eventsOutDir, { recursive: true })
  const owners = new Map<string, string>()
  for (const file of schemaFiles(jsonDir)) {
    const name = basename(file, '.schema.json')
    const ts = await compile(join(jsonDir, file), true)
    for (const type of declaredTypeNames(ts)) owners.set(type, `../${name}`)
    emit(join(outDir, `${name}.ts`), ts)
  }

  const events: EventModule[] = []
  const eventSources = new Map<string, string>()
  for (const file of eventFilesInDependencyOrder()) {
    const topic = basename(file, '.schema.json')
    const path = join(eventsDir, file)
    const target = aliasTarget(path)
    const typeName = (JSON.parse(readFileSync(path, 'utf8')) as { title: string }).title
    // Declarations of types owned elsewhere (record types, earlier events) are dropped, then imported.
    const ts = target
      ? renderAlias(path, target)
      : dropDeclarations(await compile(path, true), new Set([...owners.keys()].filter((n) => n !== typeName)))
    events.push({ topic, typeName })
    eventSources.set(topic, ts)
    for (const type of declaredTypeNames(ts)) if (!owners.has(type)) owners.set(type, `./${topic}`)
    const bundled = bundleForRegistry(path)
    emit(join(eventsOutDir, `${topic}.bundled.json`), `${JSON.stringify(bundled, null, 2)}\n`)
  }
  for (const [topic, ts] of eventSources) {
    const own = new Map([...owners].filter(([, specifier]) => specifier !== `./${topic}`))
    emit(join(eventsOutDir, `${topic}.ts`), addTypeImports(ts, own))
  }
  emit(join(eventsOutDir, 'index.ts'), renderEventsIndex(banner, events))

  if (drifted.length > 0) {
    console.error(
      `generated types drifted from schemas; run \`npm run generate -w @rv/schemas\`:\n${drifted.join('\n')}`,
    )
    process.exit(1)
  }
}

await main()
