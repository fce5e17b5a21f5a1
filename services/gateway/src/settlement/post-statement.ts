import {
  type CsvColumns,
  parseCsvColumns,
  parseStatement,
  StatementError,
  type StatementFormat,
} from '@rv/core/settlement'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { createCreditBatchValidator } from './credit-batch-validator'
import { publishCredits } from './post-credits'

export const maxStatementBytes = 10 * 1024 * 1024
/** Credit lines per statement unless `limits.maxStatementLines` says (STATEMENT_MAX_LINES). */
export const defaultMaxStatementLines = 10_000

function statementError(error: StatementError, maxLines: number): ApiError {
  if (error.code === 'statement_too_long')
    return new ApiError(413, 'batch_too_large', {
      message: `The statement has more than ${maxLines} credit lines; at most ${maxLines} per statement.`,
    })
  return new ApiError(422, 'statement_invalid', {
    message: `The statement is refused, nothing was applied: ${error.message}.`,
    details: [{ path: error.line > 0 ? `/line/${error.line}` : '', message: error.message }],
    cause: error,
  })
}

/**
 * POST /v1/credits/statements?format=1c|csv[&columns=…][&delimiter=…]: a statement file as the body. The
 * whole file is parsed (core's parsers) and every line checked against credit-line.schema.json, with no
 * line id twice, before anything is published; a bad file is 422 `statement_invalid` naming the line, more
 * lines than `limits.maxStatementLines` is 413 `batch_too_large`, and in both cases nothing is applied.
 */
export function postStatement(deps: GatewayDeps) {
  const validate = createCreditBatchValidator()
  const maxLines = deps.limits.maxStatementLines ?? defaultMaxStatementLines
  return async (c: Context<GatewayEnv>) => {
    const format = c.req.query('format')
    if (format !== '1c' && format !== 'csv')
      throw new ApiError(400, 'invalid_request', { message: 'format must be 1c or csv.', param: 'format' })
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    if (bytes.length > maxStatementBytes)
      throw new ApiError(413, 'batch_too_large', {
        message: `The statement exceeds ${maxStatementBytes} bytes.`,
      })
    let lines: ReturnType<typeof parseStatement>
    try {
      let csv: { columns: CsvColumns; delimiter?: string } | undefined
      if (format === 'csv') {
        const delimiter = c.req.query('delimiter')
        csv = { columns: parseCsvColumns(c.req.query('columns') ?? ''), ...(delimiter ? { delimiter } : {}) }
      }
      lines = parseStatement(bytes, format as StatementFormat, csv, maxLines)
    } catch (error) {
      if (error instanceof StatementError) throw statementError(error, maxLines)
      throw error
    }
    if (lines.length > maxLines)
      throw new ApiError(413, 'batch_too_large', {
        message: `The statement has ${lines.length} credit lines; at most ${maxLines} per statement.`,
      })
    const check = validate({ lines })
    if (!check.ok)
      throw new ApiError(422, 'statement_invalid', {
        message: `The statement is refused, nothing was applied: ${check.details[0]?.path} ${check.details[0]?.message}.`,
        details: check.details,
      })
    await publishCredits(deps, c.get('tenant').id, check.lines, 'statement')
    return c.json({ accepted: lines.length, line_ids: lines.map((l) => l.line_id) }, 202)
  }
}
