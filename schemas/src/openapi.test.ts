import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { validate } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import apiErrorSchema from '../json/api-error.schema.json'
import checkRecordSchema from '../json/check-record.schema.json'
import creditLineSchema from '../json/credit-line.schema.json'
import checkReviewedSchema from '../json/events/check.reviewed.v1.schema.json'
import expectationSchema from '../json/expectation.schema.json'
import settlementSchema from '../json/settlement.schema.json'
import webhookDeliverySchema from '../json/webhook-delivery.schema.json'
import webhookEndpointSchema from '../json/webhook-endpoint.schema.json'
import webhookEventSchema from '../json/webhook-event.schema.json'

type Json = Record<string, unknown>

const root = join(import.meta.dirname, '..')
const documentPath = join(root, 'openapi.yaml')
const text = readFileSync(documentPath, 'utf8')
const doc = YAML.parse(text) as Json

/**
 * The document points at the JSON Schemas by file (`./json/x.schema.json#...`); those files name each other
 * by `$id` (https://schemas.receipt-verification.dev/x.schema.json). For validation the file references are
 * rewritten to the `$id`s, so ajv resolves everything (inner `$defs` refs included) the standard way.
 */
const idBase = 'https://schemas.receipt-verification.dev/'
const docId = `${idBase}openapi.json`

function walk(value: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(value)) for (const v of value) walk(v, visit)
  else if (value !== null && typeof value === 'object') {
    visit(value as Json)
    for (const v of Object.values(value as Json)) walk(v, visit)
  }
}

function pointer(target: unknown, ptr: string): unknown {
  if (ptr === '' || ptr === '/') return target
  return ptr
    .slice(1)
    .split('/')
    .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, token) => (node as Json | undefined)?.[token], target)
}

const files: Record<string, unknown> = {
  'api-error.schema.json': apiErrorSchema,
  'check-record.schema.json': checkRecordSchema,
  'expectation.schema.json': expectationSchema,
  'credit-line.schema.json': creditLineSchema,
  'settlement.schema.json': settlementSchema,
  'events/check.reviewed.v1.schema.json': checkReviewedSchema,
  'webhook-delivery.schema.json': webhookDeliverySchema,
  'webhook-endpoint.schema.json': webhookEndpointSchema,
  'webhook-event.schema.json': webhookEventSchema,
}

function rewritten(): Json {
  const copy = structuredClone(doc)
  walk(copy, (node) => {
    const ref = node['$ref']
    if (typeof ref === 'string' && ref.startsWith('./json/'))
      node['$ref'] = idBase + ref.slice('./json/'.length)
    else if (typeof ref === 'string' && ref.startsWith('#/')) node['$ref'] = docId + ref
  })
  return copy
}

function makeAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false })
  addFormats.default(ajv)
  for (const schema of Object.values(files)) ajv.addSchema(schema as Json)
  ajv.addSchema({ ...rewritten(), $id: docId })
  return ajv
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')

/** Follows OpenAPI (non-schema) `$ref`s such as `#/components/responses/BadRequest`. */
function deref(node: Json): Json {
  const ref = node['$ref']
  return typeof ref === 'string' && ref.startsWith('#') ? deref(pointer(doc, ref.slice(1)) as Json) : node
}

const operations = Object.entries(doc['paths'] as Record<string, Record<string, Json>>).flatMap(
  ([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      path,
      method,
      responses: op['responses'] as Record<string, Json>,
    })),
)

describe('openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc) as never, { resolve: { external: false } })
    expect(result.valid, result.valid ? '' : JSON.stringify(result.errors, null, 2)).toBe(true)
    expect(doc['openapi']).toBe('3.1.0')
  })

  it('every $ref resolves (into the document or into a JSON Schema file)', () => {
    const refs: string[] = []
    walk(doc, (node) => {
      if (typeof node['$ref'] === 'string') refs.push(node['$ref'])
    })
    expect(refs.length).toBeGreaterThan(30)
    for (const ref of refs) {
      const [file, fragment = ''] = ref.split('#')
      const target = file === '' ? doc : files[file!.replace('./json/', '')]
      expect(target, ref).toBeDefined()
      expect(pointer(target, fragment), ref).toBeDefined()
    }
  })

  it('declares eleven JSON responses per read and write of a check, each with a body schema and an example', () => {
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'delete /v1/checks/{id}',
      'delete /v1/webhook-endpoints/{id}',
      'get /.well-known/jwks.json',
      'get /v1/checks/{id}',
      'get /v1/checks/{id}/decisions',
      'get /v1/checks/{id}/settlement',
      'get /v1/webhook-endpoints',
      'get /v1/webhook-endpoints/{id}',
      'get /v1/webhook-endpoints/{id}/deliveries',
      'post /v1/checks',
      'post /v1/credits',
      'post /v1/credits/statements',
      'post /v1/webhook-deliveries/{id}/redeliver',
      'post /v1/webhook-endpoints',
      'post /v1/webhook-endpoints/{id}/enable',
      'post /v1/webhook-endpoints/{id}/rotate-secret',
    ])
    for (const { path, method, responses } of operations) {
      // DELETE: 204 without a body, then seven error responses. The settlement operations (docs/settlement.md)
      // answer fewer, each documented the same way.
      if (method === 'delete' && path === '/v1/checks/{id}') expect(Object.keys(responses)).toHaveLength(8)
      else if (path === '/v1/checks' || path === '/v1/checks/{id}')
        expect(Object.keys(responses)).toHaveLength(11)
      for (const response of Object.values(responses).map(deref)) {
        if (method === 'delete' && response === responses['204']) {
          expect(response['content']).toBeUndefined()
          continue
        }
        const content = response['content'] as Record<string, Json>
        expect(Object.keys(content)).toEqual(['application/json'])
        const media = content['application/json']!
        expect(media['schema']).toBeTypeOf('object')
        expect(media['example'] !== undefined || media['examples'] !== undefined).toBe(true)
      }
    }
  })

  it('every example validates against its response schema, and error codes fit the status', () => {
    const ajv = makeAjv()
    let checked = 0
    for (const { path, method, responses } of operations) {
      for (const [status, raw] of Object.entries(responses)) {
        const responsePath = raw['$ref']
          ? (raw['$ref'] as string).slice(1)
          : `/paths/${escapePointer(path)}/${method}/responses/${escapePointer(status)}`
        const response = deref(raw)
        if (response['content'] === undefined) continue
        const media = (response['content'] as Record<string, Json>)['application/json']!
        const check = ajv.compile({ $ref: `${docId}#${responsePath}/content/application~1json/schema` })
        const examples = [
          ...(media['example'] === undefined ? [] : [media['example']]),
          ...Object.values((media['examples'] ?? {}) as Record<string, { value: unknown }>).map(
            (e) => e.value,
          ),
        ]
        for (const example of examples) {
          expect(check(example), `${method} ${path} ${status}: ${JSON.stringify(check.errors)}`).toBe(true)
          const error = (example as { error?: { retryable: boolean } }).error
          if (status.startsWith('5')) expect(error?.retryable).toBe(true)
          if (status.startsWith('2') && path.startsWith('/v1/checks') && !path.endsWith('/settlement'))
            expect((example as Json)['id'] ?? (example as Json)['check_id']).toMatch(/^chk_/)
          checked += 1
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20)
  })

  it('the GET record schema refuses the POST-only members and the POST schema requires them', () => {
    const ajv = makeAjv()
    const getSchema = ajv.compile({ $ref: `${docId}#/components/schemas/GetCheckRecord` })
    const postSchema = ajv.compile({ $ref: `${docId}#/components/schemas/PostCheckRecord` })
    const post = pointer(
      doc,
      '/paths/~1v1~1checks/post/responses/200/content/application~1json/examples/done/value',
    ) as Json
    expect(postSchema(post)).toBe(true)
    expect(getSchema(post)).toBe(false)
    const fields = { ...(post['fields'] as Json) }
    for (const k of ['bank', 'recipient_account', 'payment_reference', 'purpose']) delete fields[k]
    const { payment_reference: _omit, ...match } = post['match'] as Json
    const getShaped = { ...post, fields, match }
    expect(getSchema(getShaped)).toBe(true)
    expect(postSchema(getShaped)).toBe(false)
  })

  it('the expectation part points at the Expectation schema', () => {
    const ajv = makeAjv()
    const part = `${docId}#/paths/~1v1~1checks/post/requestBody/content/multipart~1form-data/schema/properties/expectation`
    const schema = pointer(rewritten(), part.split('#')[1]!) as Json
    const check = ajv.compile(schema['contentSchema'] as Json)
    for (const example of schema['examples'] as string[]) expect(check(JSON.parse(example))).toBe(true)
    expect(check({ amount: -1 })).toBe(false)
  })
})
