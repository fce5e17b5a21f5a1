/**
 * Re-labels a bundled (reference-free) draft 2020-12 schema as draft-07 for the schema registry.
 *
 * Why: Apicurio Registry 3.x checks JSON Schema compatibility with a draft 4–7 library; a 2020-12
 * `$schema` makes every compatibility check fail with HTTP 500 ("could not determine version"), so no
 * second version could ever be registered. Once `$defs`/`$ref` are inlined, our schemas only use keywords
 * whose meaning is identical in draft-07 and 2020-12; this module checks exactly that, keyword by keyword,
 * and refuses anything else rather than silently changing what a schema accepts.
 */
import { bundleSchema, type JsonValue } from './bundle-schema'

export const draft07 = 'http://json-schema.org/draft-07/schema#'

type JsonObject = { [key: string]: JsonValue }

/** Keywords whose value is a schema. */
const schemaKeywords = new Set([
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
])
/** Keywords whose value is a map of name -> schema. */
const schemaMapKeywords = new Set(['properties', 'patternProperties'])
/** Keywords whose value is a list of schemas. */
const schemaListKeywords = new Set(['oneOf', 'anyOf', 'allOf'])
/** Keywords with the same meaning in both drafts whose values are data, not schemas. */
const valueKeywords = new Set([
  'type',
  'enum',
  'const',
  'required',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  // Annotations: no effect on validation in either draft.
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  'readOnly',
  'writeOnly',
  'deprecated',
])

/** Returns a copy of `schema` declaring draft-07; throws when a keyword would change meaning. */
export function toDraft07(schema: JsonObject): JsonObject {
  const { $schema: _dialect, $id, ...rest } = schema
  check(rest, '#')
  return { $schema: draft07, ...($id === undefined ? {} : { $id }), ...rest }
}

function check(node: JsonValue, path: string): void {
  if (typeof node === 'boolean') return
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    throw new Error(`${path}: expected a schema object`)
  }
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}/${key}`
    if (valueKeywords.has(key)) {
      if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value !== 'number') {
        throw new Error(`${at}: must be a number (draft-04 boolean form is not supported)`)
      }
      continue
    }
    if (key === 'items') {
      // 2020-12 `items` is one schema; draft-07's array form means tuple validation (2020-12 `prefixItems`).
      if (Array.isArray(value)) throw new Error(`${at}: tuple form differs between drafts`)
      check(value, at)
    } else if (schemaKeywords.has(key)) check(value, at)
    else if (schemaMapKeywords.has(key)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error(`${at}: expected a map`)
      for (const [name, sub] of Object.entries(value)) check(sub, `${at}/${name}`)
    } else if (schemaListKeywords.has(key)) {
      if (!Array.isArray(value)) throw new Error(`${at}: expected a list of schemas`)
      for (const [i, sub] of value.entries()) check(sub, `${at}/${i}`)
    } else {
      throw new Error(
        `${at}: keyword not known to mean the same in draft-07 and 2020-12; bundle first or avoid it`,
      )
    }
  }
}

/** What the registry gets for a source schema file: bundled, then labelled draft-07. */
export function bundleForRegistry(path: string): JsonObject {
  return toDraft07(bundleSchema(path))
}
