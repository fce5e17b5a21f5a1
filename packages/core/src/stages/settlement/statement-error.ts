/**
 * The one error a statement parser throws: a stable code, the 1-based line of the file it concerns (0 for
 * the file as a whole) and a message that names the problem, never the line's content (it may carry
 * personal data).
 */
/** `statement_too_long`: more credit lines than the caller allows (the parse stops there). */
export type StatementErrorCode =
  | 'statement_invalid'
  | 'statement_empty'
  | 'statement_encoding'
  | 'statement_too_long'

export class StatementError extends Error {
  readonly code: StatementErrorCode
  readonly line: number

  constructor(code: StatementErrorCode, line: number, message: string) {
    super(line > 0 ? `line ${line}: ${message}` : message)
    this.name = 'StatementError'
    this.code = code
    this.line = line
  }
}
