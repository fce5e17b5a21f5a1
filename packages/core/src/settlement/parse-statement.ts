/** A statement file's bytes, in a named format, to its credit lines (or a StatementError). */
import type { CreditLine } from '@rv/schemas'
import { decodeStatementText } from './decode-statement-text'
import { parse1cStatement } from './parse-1c-statement'
import { type CsvColumns, parseCsvStatement } from './parse-csv-statement'

export type StatementFormat = '1c' | 'csv'

export function parseStatement(
  bytes: Uint8Array,
  format: StatementFormat,
  csv?: { columns: CsvColumns; delimiter?: string },
): CreditLine[] {
  const text = decodeStatementText(bytes)
  if (format === '1c') return parse1cStatement(text)
  return parseCsvStatement(text, csv ?? { columns: {} })
}
