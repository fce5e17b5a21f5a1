/**
 * A CSV statement with a column mapping: `columns` names, for each credit-line member, the header of the
 * file's column that holds it (`{ line_id: 'Номер', amount: 'Сумма', credited_at: 'Дата' }`). Fields may
 * be quoted (`"…"`, with `""` for a quote); the delimiter is given or taken from the header line (`;` when
 * it has more of them than commas). Amounts as `parseAmountText` reads them; times ISO 8601 or
 * `dd.mm.yyyy[ hh:mm[:ss]]` in Moscow time. Every row is checked before any is returned.
 */
import type { CreditLine } from '@rv/schemas'
import { sbpIdIn } from './credit-keys'
import { parseAmountText } from './parse-amount-text'
import { StatementError } from './statement-error'
import { parseMoscowDateTime } from './statement-time'

export const csvColumnNames = [
  'line_id',
  'amount',
  'currency',
  'credited_at',
  'payer_name',
  'payer_account',
  'sbp_operation_id',
  'operation_number',
  'purpose',
] as const
export type CsvColumn = (typeof csvColumnNames)[number]
export type CsvColumns = Partial<Record<CsvColumn, string>>

/** `line_id:Номер,amount:Сумма` to a mapping; throws a StatementError (line 0) on an unknown name. */
export function parseCsvColumns(text: string): CsvColumns {
  const columns: CsvColumns = {}
  for (const pair of text.split(',')) {
    const colon = pair.indexOf(':')
    const name = pair.slice(0, colon).trim() as CsvColumn
    if (colon < 0 || !csvColumnNames.includes(name))
      throw new StatementError('statement_invalid', 0, `columns: "${pair.slice(0, 40)}" is not name:Header`)
    columns[name] = pair.slice(colon + 1).trim()
  }
  return columns
}

/** One CSV record per row; quoted fields may hold delimiters and line breaks. */
/**
 * The rows of a CSV text, header included. More than `maxRows` rows stops the split there with
 * `statement_too_long`: a 10 MiB file of short rows is refused after the cap, not parsed whole first.
 */
function splitRows(
  text: string,
  delimiter: string,
  maxRows = Number.POSITIVE_INFINITY,
): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else {
        if (c === '\n') line++
        cell += c
      }
    } else if (c === '"' && cell === '') quoted = true
    else if (c === delimiter) {
      cells.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      cells.push(cell)
      if (cells.some((x) => x.trim() !== '')) rows.push({ line: rowLine, cells })
      if (rows.length > maxRows) tooLong(maxRows - 1)
      cells = []
      cell = ''
      line++
      rowLine = line
    } else cell += c
  }
  if (quoted) throw new StatementError('statement_invalid', rowLine, 'a quoted field is not closed')
  cells.push(cell)
  if (cells.some((x) => x.trim() !== '')) rows.push({ line: rowLine, cells })
  return rows
}

function parseTime(text: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const t = Date.parse(text)
    return Number.isNaN(t) ? null : new Date(t).toISOString()
  }
  const [date = '', time] = text.split(/\s+/)
  return parseMoscowDateTime(date, time)
}

function tooLong(maxLines: number): never {
  throw new StatementError('statement_too_long', 0, `more than ${maxLines} credit lines`)
}

/**
 * `maxLines`: more data rows than this is `statement_too_long`, found while splitting.
 *
 * @example
 * parseCsvStatement('id;sum;at\n1;600,00;11.02.2026 10:10', { columns: { line_id: 'id', amount: 'sum', credited_at: 'at' } })
 */
export function parseCsvStatement(
  text: string,
  options: { columns: CsvColumns; delimiter?: string; currency?: string; maxLines?: number },
): CreditLine[] {
  const body = text.replace(/^\uFEFF/, '')
  const headerLine = body.split(/\r?\n/, 1)[0] ?? ''
  const delimiter =
    options.delimiter ?? (headerLine.split(';').length > headerLine.split(',').length ? ';' : ',')
  const rows = splitRows(body, delimiter, (options.maxLines ?? Number.POSITIVE_INFINITY) + 1)
  const header = rows.shift()
  if (!header) throw new StatementError('statement_empty', 0, 'the file has no header line')
  const index = new Map(header.cells.map((h, i) => [h.trim(), i]))
  for (const required of ['line_id', 'amount', 'credited_at'] as const)
    if (!options.columns[required])
      throw new StatementError('statement_invalid', 0, `columns: ${required} is not mapped`)
  for (const [name, title] of Object.entries(options.columns))
    if (!index.has(title as string))
      throw new StatementError('statement_invalid', header.line, `no column "${title}" for ${name}`)
  const seen = new Map<string, number>()
  return rows.map(({ line, cells }) => {
    const get = (name: CsvColumn): string | null => {
      const title = options.columns[name]
      const value = title === undefined ? undefined : cells[index.get(title) as number]?.trim()
      return value === undefined || value === '' ? null : value
    }
    const lineId = get('line_id')
    if (lineId === null) throw new StatementError('statement_invalid', line, 'line_id is empty')
    const earlier = seen.get(lineId)
    if (earlier !== undefined)
      throw new StatementError('statement_invalid', line, `line_id repeats line ${earlier}`)
    seen.set(lineId, line)
    const amount = parseAmountText(get('amount') ?? '')
    if (amount === null)
      throw new StatementError('statement_invalid', line, 'amount is missing or not an amount')
    const timeText = get('credited_at')
    const creditedAt = timeText === null ? null : parseTime(timeText)
    if (creditedAt === null) throw new StatementError('statement_invalid', line, 'credited_at is not a date')
    const currency = (get('currency') ?? options.currency ?? 'RUB').toUpperCase()
    if (!/^[A-Z]{3}$/.test(currency))
      throw new StatementError('statement_invalid', line, 'currency is not ISO 4217')
    const purpose = get('purpose')
    return {
      line_id: lineId,
      amount,
      currency,
      credited_at: creditedAt,
      time_precision: timeText !== null && /\d:\d\d/.test(timeText) ? 'second' : 'day',
      payer_name: get('payer_name'),
      payer_account: get('payer_account'),
      sbp_operation_id: sbpIdIn([get('sbp_operation_id'), purpose]),
      operation_number: get('operation_number'),
      purpose,
    }
  })
}
