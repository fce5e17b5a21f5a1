/**
 * Validates HTTP responses against schemas/openapi.yaml, for contract tests: is the status documented for
 * the operation, and does the body follow that response's schema? The document's file references
 * (`./json/x.schema.json#...`) are rewritten to the JSON Schemas' `$id`s so ajv resolves everything,
 * inner `$defs` included, the standard way.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
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

const idBase = 'https://schemas.receipt-verification.dev/'
const docId = `${idBase}openapi.json`
export const openApiPath = join(import.meta.dirname, '..', 'openapi.yaml')

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs)
  if (value === null || typeof value !== 'object') return value
  const out: Json = {}
  for (const [k, v] of Object.entries(value as Json)) {
    if (k === '$ref' && typeof v === 'string') {
      out[k] = v.startsWith('./json/')
        ? idBase + v.slice('./json/'.length)
        : v.startsWith('#/')
          ? docId + v
          : v
    } else out[k] = rewriteRefs(v)
  }
  return out
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')

export interface ResponseCheck {
  /** The documented response key that applies (`'404'`, or a range such as `'5XX'`), or null. */
  documentedAs: string | null
  /** Schema errors (empty when the body conforms). */
  errors: string[]
}

/**
 * @example
 * const contract = createOpenApiContract()
 * contract.checkResponse('get', '/v1/checks/{id}', 404, body) // { documentedAs: '404', errors: [] }
 */
export function createOpenApiContract() {
  const doc = YAML.parse(readFileSync(openApiPath, 'utf8')) as Json
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false })
  addFormats.default(ajv)
  for (const schema of [
    apiErrorSchema,
    checkRecordSchema,
    expectationSchema,
    creditLineSchema,
    settlementSchema,
    checkReviewedSchema,
    webhookDeliverySchema,
    webhookEndpointSchema,
    webhookEventSchema,
  ])
    ajv.addSchema(schema as Json)
  ajv.addSchema({ ...(rewriteRefs(doc) as Json), $id: docId })
  const compiled = new Map<string, ValidateFunction>()

  const responsesOf = (method: string, path: string) => {
    const paths = doc['paths'] as Record<string, Record<string, { responses: Record<string, Json> }>>
    const op = paths[path]?.[method.toLowerCase()]
    if (!op) throw new Error(`${method} ${path} is not in the OpenAPI document`)
    return op.responses
  }

  return {
    document: doc,
    /** Response keys documented for an operation. */
    documentedStatuses(method: string, path: string): string[] {
      return Object.keys(responsesOf(method, path))
    },
    checkResponse(method: string, path: string, status: number, body: unknown): ResponseCheck {
      const responses = responsesOf(method, path)
      const exact = String(status)
      const range = `${exact[0]}XX`
      const key = exact in responses ? exact : range in responses ? range : null
      if (key === null) return { documentedAs: null, errors: [`status ${status} is not documented`] }
      const raw = responses[key]!
      // A body-less response (DELETE 204): conforming when no body came.
      if (raw['$ref'] === undefined && raw['content'] === undefined)
        return {
          documentedAs: key,
          errors: body === null || body === undefined ? [] : ['no body is documented'],
        }
      const base =
        typeof raw['$ref'] === 'string'
          ? (raw['$ref'] as string).slice(1)
          : `/paths/${escapePointer(path)}/${method.toLowerCase()}/responses/${escapePointer(key)}`
      const ref = `${docId}#${base}/content/application~1json/schema`
      let validate = compiled.get(ref)
      if (!validate) {
        validate = ajv.compile({ $ref: ref })
        compiled.set(ref, validate)
      }
      const ok = validate(body)
      return {
        documentedAs: key,
        errors: ok
          ? []
          : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`),
      }
    },
  }
}
