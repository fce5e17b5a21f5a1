/**
 * Turns a JSON Schema that references other schema files into one self-contained schema by inlining every
 * `$ref` (dereferencing). Sources stay DRY (events reuse the check record's `$defs`); what goes to the schema
 * registry is one standalone document per subject, so the registry's compatibility checker and every
 * consumer's validator see the same thing without resolving references across subjects.
 *
 * Recursive schemas are rejected: inlining them would not terminate, and none of ours needs recursion.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }
type JsonObject = { [key: string]: JsonValue }

/** Keywords that only annotate: a `$ref`'s siblings made only of these can be merged into the target. */
const annotationKeywords = new Set(['title', 'description', '$comment', 'examples', 'default', 'deprecated'])

/** Keywords that identify or carry a document; meaningless once a subtree is inlined somewhere else. */
const documentKeywords = ['$id', '$schema', '$defs', 'definitions'] as const

export type LoadSchema = (absolutePath: string) => JsonValue

export const loadSchemaFile: LoadSchema = (absolutePath) => JSON.parse(readFileSync(absolutePath, 'utf8'))

/** Bundles the schema file at `path` into a standalone schema (the root keeps its `$schema`, `$id`, `title`). */
export function bundleSchema(path: string, load: LoadSchema = loadSchemaFile): JsonObject {
  const cache = new Map<string, JsonValue>()
  const read = (file: string): JsonValue => {
    let doc = cache.get(file)
    if (doc === undefined) {
      doc = load(file)
      cache.set(file, doc)
    }
    return doc
  }
  const rootFile = resolve(path)
  const root = read(rootFile)
  if (!isObject(root)) throw new Error(`${rootFile}: a schema document must be an object`)
  const inlined = inline(root, rootFile, [], read)
  if (!isObject(inlined)) throw new Error(`${rootFile}: bundling produced a non-object`)
  const out: JsonObject = {}
  // Root identity first, so the registered document reads naturally.
  for (const key of ['$schema', '$id', 'title', 'description'] as const) {
    const value = root[key] ?? inlined[key]
    if (value !== undefined) out[key] = value
  }
  for (const [key, value] of Object.entries(inlined)) if (!(key in out)) out[key] = value
  return out
}

function inline(
  node: JsonValue,
  file: string,
  stack: string[],
  read: (file: string) => JsonValue,
): JsonValue {
  if (Array.isArray(node)) return node.map((item) => inline(item, file, stack, read))
  if (!isObject(node)) return node
  const ref = node['$ref']
  if (typeof ref === 'string') return inlineRef(node, ref, file, stack, read)
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) {
    if ((documentKeywords as readonly string[]).includes(key)) continue
    // Property names and enum values are data, not schemas, but inlining leaves them untouched anyway.
    out[key] = inline(value, file, stack, read)
  }
  return out
}

function inlineRef(
  node: JsonObject,
  ref: string,
  file: string,
  stack: string[],
  read: (file: string) => JsonValue,
): JsonValue {
  const hash = ref.indexOf('#')
  const filePart = hash === -1 ? ref : ref.slice(0, hash)
  const pointer = hash === -1 ? '' : ref.slice(hash + 1)
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
    throw new Error(`${file}: absolute $ref ${ref} is not supported; reference schema files relatively`)
  }
  const targetFile = filePart === '' ? file : resolve(dirname(file), filePart)
  const key = `${targetFile}#${pointer}`
  if (stack.includes(key)) throw new Error(`recursive $ref ${ref} in ${file} cannot be inlined`)
  const target = resolvePointer(read(targetFile), pointer, key)
  const resolved = inline(target, targetFile, [...stack, key], read)
  const siblings = Object.entries(node).filter(
    ([k]) => k !== '$ref' && !documentKeywords.includes(k as never),
  )
  if (siblings.length === 0) return resolved
  const inlinedSiblings = Object.fromEntries(
    siblings.map(([k, v]) => [k, inline(v, file, stack, read)] as const),
  ) as JsonObject
  if (siblings.every(([k]) => annotationKeywords.has(k)) && isObject(resolved)) {
    return { ...resolved, ...inlinedSiblings }
  }
  // Assertions beside a $ref apply together with the target (2020-12 semantics): keep both via allOf.
  return { ...inlinedSiblings, allOf: [resolved] }
}

/** Resolves a JSON Pointer (RFC 6901) fragment such as `/$defs/Mode`. */
export function resolvePointer(doc: JsonValue, pointer: string, where: string): JsonValue {
  if (pointer === '') return doc
  if (!pointer.startsWith('/')) throw new Error(`${where}: only JSON Pointer fragments are supported`)
  let current: JsonValue = doc
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(current)) current = current[Number(token)] as JsonValue
    else if (isObject(current)) current = current[token] as JsonValue
    else current = undefined as unknown as JsonValue
    if (current === undefined) throw new Error(`${where}: pointer does not resolve`)
  }
  return current
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
