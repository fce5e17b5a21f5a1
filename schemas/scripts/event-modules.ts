/**
 * Text builders for the generated event modules: import lines for types declared in other generated
 * modules (so a record type is generated once and only referenced from events), and the events index that
 * maps each topic to its value type and bundled schema.
 */

/** `export interface X` / `export type X` names declared in a generated module. */
export function declaredTypeNames(source: string): string[] {
  return [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!)
}

/**
 * Adds `import type` lines for identifiers a module uses but does not declare, taking them from the other
 * generated modules (`owners`: type name -> module specifier relative to the module being fixed).
 */
export function addTypeImports(source: string, owners: ReadonlyMap<string, string>): string {
  const declared = new Set(declaredTypeNames(source))
  // Comments and string literals may spell a type's name without using it.
  const body = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/'(?:[^'\\]|\\.)*'/g, "''")
  const used = new Set([...body.matchAll(/\b[A-Z]\w*\b/g)].map((m) => m[0]))
  const bySpecifier = new Map<string, string[]>()
  for (const name of [...used].sort()) {
    if (declared.has(name)) continue
    const specifier = owners.get(name)
    if (specifier === undefined) continue
    bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), name])
  }
  if (bySpecifier.size === 0) return source
  const imports = [...bySpecifier.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([specifier, names]) => `import type { ${names.join(', ')} } from '${specifier}'`)
    .join('\n')
  // Keep the banner comment first.
  const bannerEnd = source.startsWith('/*') ? source.indexOf('*/') + 2 : 0
  return `${source.slice(0, bannerEnd)}\n\n${imports}\n${source.slice(bannerEnd).replace(/^\n+/, '\n')}`
}

/**
 * Removes top-level declarations (with their doc comments) whose names another module owns; the caller
 * then imports those names instead, so a record type exists once.
 */
export function dropDeclarations(source: string, names: ReadonlySet<string>): string {
  const lines = source.split('\n')
  const starts: { line: number; name: string }[] = []
  lines.forEach((text, i) => {
    const m = /^export (?:interface|type) (\w+)/.exec(text)
    if (!m) return
    let start = i
    if (lines[i - 1] === ' */') while (start > 0 && !lines[start]!.startsWith('/**')) start--
    starts.push({ line: start, name: m[1]! })
  })
  const keep = lines.map(() => true)
  starts.forEach(({ line, name }, k) => {
    if (!names.has(name)) return
    const end = starts[k + 1]?.line ?? lines.length
    for (let i = line; i < end; i++) keep[i] = false
  })
  return lines.filter((_, i) => keep[i]).join('\n')
}

export interface EventModule {
  /** Topic name, also the schema file's name without `.schema.json` (e.g. `check.submitted.v1`). */
  topic: string
  /** The schema's `title`: the generated value type (e.g. `CheckSubmittedV1`). */
  typeName: string
}

/** The generated `events/index.ts`: topic list, topic -> value type, topic -> bundled schema. */
export function renderEventsIndex(banner: string, events: readonly EventModule[]): string {
  const sorted = [...events].sort((a, b) => a.topic.localeCompare(b.topic))
  const schemaVar = (e: EventModule) => `${e.typeName[0]!.toLowerCase()}${e.typeName.slice(1)}Schema`
  const lines = [
    banner,
    '',
    ...sorted.map((e) => `import type { ${e.typeName} } from './${e.topic}'`),
    ...sorted.map((e) => `import ${schemaVar(e)} from './${e.topic}.bundled.json'`),
    '',
    ...sorted.map((e) => `export type * from './${e.topic}'`),
    '',
    '/** Every event topic with a registered value schema. */',
    `export const eventTopics = [${sorted.map((e) => `'${e.topic}'`).join(', ')}] as const`,
    '',
    'export type EventTopic = (typeof eventTopics)[number]',
    '',
    '/** The value type carried by each event topic. */',
    'export interface EventValueByTopic {',
    ...sorted.map((e) => `  '${e.topic}': ${e.typeName}`),
    '}',
    '',
    '/** Standalone (bundled) JSON Schema of each topic value, as registered under subject `<topic>-value`. */',
    'export const eventSchemas: Record<EventTopic, object> = {',
    ...sorted.map((e) => `  '${e.topic}': ${schemaVar(e)},`),
    '}',
    '',
  ]
  return lines.join('\n')
}
