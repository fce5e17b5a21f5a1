import { creditLineProblem } from '@rv/core/settlement'
import { type CreditLine, creditLineSchema } from '@rv/schemas'
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { ApiErrorDetail } from '../api-error'

export const maxCreditBatchLines = 1000

export type CreditBatchCheck = { ok: true; lines: CreditLine[] } | { ok: false; details: ApiErrorDetail[] }

function detailOf(error: ErrorObject, prefix: string): ApiErrorDetail {
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty
    return { path: `${prefix}${error.instancePath}/${extra}`, message: 'unknown member' }
  }
  return { path: `${prefix}${error.instancePath}`, message: error.message ?? 'is invalid' }
}

/**
 * Validates a whole `{ lines: CreditLine[] }` batch before anything of it is applied: every line against
 * credit-line.schema.json and core's `creditLineProblem` (an amount the store can hold, no control
 * characters), and no line id twice. Problems name the line by JSON pointer (`/lines/2/amount`).
 *
 * @example
 * createCreditBatchValidator()({ lines: [{ line_id: 'a', amount: 1, currency: 'RUB', credited_at: '…' }] })
 */
export function createCreditBatchValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  addFormats.default(ajv)
  const validateLine = ajv.compile<CreditLine>(creditLineSchema)
  return (body: unknown): CreditBatchCheck => {
    const lines = (body as { lines?: unknown } | null)?.lines
    if (typeof body !== 'object' || body === null || !Array.isArray(lines) || lines.length === 0)
      return {
        ok: false,
        details: [{ path: '/lines', message: 'must be a non-empty array of credit lines' }],
      }
    const extra = Object.keys(body).filter((k) => k !== 'lines')
    if (extra.length > 0) return { ok: false, details: [{ path: `/${extra[0]}`, message: 'unknown member' }] }
    const details: ApiErrorDetail[] = []
    const seen = new Map<string, number>()
    lines.forEach((line, i) => {
      if (!validateLine(line))
        details.push(...(validateLine.errors ?? []).map((e) => detailOf(e, `/lines/${i}`)))
      else {
        const problem = creditLineProblem(line)
        if (problem) details.push({ path: `/lines/${i}${problem.path}`, message: problem.message })
        const earlier = seen.get(line.line_id)
        if (earlier !== undefined)
          details.push({ path: `/lines/${i}/line_id`, message: `repeats /lines/${earlier}` })
        seen.set(line.line_id, i)
      }
    })
    return details.length > 0
      ? { ok: false, details: details.slice(0, 20) }
      : { ok: true, lines: lines as CreditLine[] }
  }
}
