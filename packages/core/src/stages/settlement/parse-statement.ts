/**
 * A statement file's bytes, in a named format, to its credit lines (or a StatementError; more CSV rows than
 * `maxLines` is `statement_too_long`, found before the rest is parsed).
 */
import type { CreditLine } from '@rv/schemas'
import { decodeStatementText } from './decode-statement-text'
import { parse1cStatement } from './parse-1c-statement'
import { type CsvColumns, parseCsvStatement } from './parse-csv-statement'

export type StatementFormat = '1c' | 'csv'

export function parseStatement(
  bytes: Uint8Array,
  format: StatementFormat,
  csv?: { columns: CsvColumns; delimiter?: string },
  maxLines?: number,
): CreditLine[] {
  const text = decodeStatementText(bytes)
  // A 1C document takes a dozen lines, so the byte cap bounds its parse; a CSV row can be 40 bytes.
  if (format === '1c') return parse1cStatement(text)
  return parseCsvStatement(text, { ...(csv ?? { columns: {} }), ...(maxLines ? { maxLines } : {}) })
}
