import { validateExpectation } from '@rv/core/match'
import { checkRecordSchema, type Expectation, expectationSchema } from '@rv/schemas'
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { ApiErrorDetail } from '../api-error'

export type ExpectationCheck = { ok: true; value: Expectation } | { ok: false; details: ApiErrorDetail[] }

function detailOf(error: ErrorObject): ApiErrorDetail {
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty
    return { path: `${error.instancePath}/${extra}`, message: 'unknown member' }
  }
  return { path: error.instancePath, message: error.message ?? 'is invalid' }
}

/** The expectation's documented limit (openapi.yaml), also the streamed upload's limit on that part. */
export const defaultMaxExpectationBytes = 16 * 1024

/**
 * Validates the `expectation` part against expectation.schema.json (ajv), then applies the rules JSON
 * Schema cannot express (`window.from` after `to`, amounts finer than minor units) from core.
 *
 * @example
 * const validate = createExpectationValidator()
 * validate('{"amount": 10}') // { ok: true, value: { amount: 10 } }
 */
export function createExpectationValidator(options: { maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? defaultMaxExpectationBytes
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  addFormats.default(ajv)
  ajv.addSchema(checkRecordSchema)
  const validate = ajv.compile<Expectation>(expectationSchema)

  return (text: string | undefined): ExpectationCheck => {
    if (text === undefined || text.trim() === '') return { ok: true, value: {} }
    if (Buffer.byteLength(text) > maxBytes) {
      return { ok: false, details: [{ path: '', message: `must be at most ${maxBytes} bytes` }] }
    }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return { ok: false, details: [{ path: '', message: 'is not valid JSON' }] }
    }
    if (!validate(value)) {
      // oneOf branches produce noise ("must match exactly one schema") next to the real causes; keep causes.
      const errors = (validate.errors ?? []).filter(
        (e) => e.keyword !== 'oneOf' || validate.errors?.length === 1,
      )
      const seen = new Set<string>()
      const details = errors.map(detailOf).filter((d) => {
        const id = `${d.path}\u0000${d.message}`
        if (seen.has(id)) return false
        seen.add(id)
        return true
      })
      return { ok: false, details }
    }
    const semantic = validateExpectation(value)
    if (!semantic.ok) return { ok: false, details: semantic.problems }
    return { ok: true, value: semantic.value }
  }
}
