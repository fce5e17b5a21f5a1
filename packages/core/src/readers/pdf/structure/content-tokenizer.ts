/**
 * Tokenises a decoded content stream into operators with their operands (ISO 32000-1 §7.8.2). Inline
 * images are skipped to `EI`. The operation count is capped: a receipt draws a few thousand at most.
 */
import { CheckError } from '../../../vocabulary/error-codes'
import { isKeyword, Lexer, type StringSyntax } from './lexer'
import type { PdfValue } from './pdf-values'

export interface ContentOp {
  op: string
  operands: PdfValue[]
  /** Byte range of the operation (first operand to operator) in the decoded stream: editors splice here. */
  start: number
  end: number
}

export interface ContentTokens {
  ops: ContentOp[]
  /** Histogram of decimal places used by number operands: how the generator formats numbers. */
  decimals: Record<number, number>
  strings: StringSyntax
  /**
   * Whitespace a writer puts around operators, as a histogram of styles (see `spacingStyle`): between an
   * operation's last operand and its operator (`(…)Tj` vs `(…) Tj`), and after the operator. Writers are
   * consistent here, and an editor splicing text in tends to use its own habit.
   */
  spacing: Record<string, number>
}

/** How an operand is written, by its first bytes: the kinds that may abut an operator are told apart. */
function operandShape(data: Uint8Array, at: number): string {
  const c = data[at]
  if (c === 0x28) return '(…)'
  if (c === 0x3c) return data[at + 1] === 0x3c ? '<<…>>' : '<…>'
  if (c === 0x5b) return '[…]'
  if (c === 0x2f) return '/…'
  return '9'
}

/** Whitespace bytes as written: SP, \n, \r, \t; longer runs than a writer's separator collapse to `…`. */
export function whitespaceShape(data: Uint8Array, from: number, to: number): string {
  if (to - from > 4) return '…'
  let out = ''
  for (let i = from; i < to; i++) {
    const c = data[i]!
    out +=
      c === 0x20 ? ' ' : c === 0x0a ? '\\n' : c === 0x0d ? '\\r' : c === 0x09 ? '\\t' : c === 0x25 ? '%' : '?'
  }
  return out
}

/** `(…)Tj`-style key: operand shape, the separator as written, `op`; `op` + separator for after operators. */
function spacingStyle(shape: string, separator: string): string {
  return shape === 'op' ? `op${separator}·` : `${shape}${separator}op`
}

export function tokenizeContent(data: Uint8Array, maxOps: number): ContentTokens {
  const lexer = new Lexer(data)
  const ops: ContentOp[] = []
  const decimals: Record<number, number> = {}
  lexer.decimalHistogram = decimals
  const strings: StringSyntax = { literal: 0, hex: 0, octalEscapes: 0, letterEscapes: 0, delimiterEscapes: 0 }
  lexer.stringSyntax = strings
  const spacing: Record<string, number> = {}
  const count = (key: string) => {
    spacing[key] = (spacing[key] ?? 0) + 1
  }
  let operands: PdfValue[] = []
  let start = -1
  // The previous token's shape and end: the separator before this token is data[prevEnd, at).
  let prevShape = ''
  let prevEnd = -1
  for (;;) {
    lexer.skipWhite()
    const at = lexer.pos
    const token = lexer.next()
    if (token === undefined) break
    if (prevEnd >= 0 && (prevShape === 'op' || isKeyword(token)))
      count(spacingStyle(prevShape, whitespaceShape(data, prevEnd, at)))
    prevShape = isKeyword(token) ? 'op' : operandShape(data, at)
    prevEnd = lexer.pos
    if (isKeyword(token)) {
      const op = token.keyword
      if (op === 'BI') {
        // Inline image: skip its dictionary and data up to a whitespace-delimited EI.
        let ei = lexer.pos
        while (ei < data.length - 2) {
          if (data[ei] === 0x45 && data[ei + 1] === 0x49 && data[ei + 2]! <= 0x20 && data[ei - 1]! <= 0x20)
            break
          ei++
        }
        ops.push({
          op: 'BI',
          operands: [],
          start: start < 0 ? at : start,
          end: Math.min(data.length, ei + 2),
        })
        lexer.pos = ei + 2
        operands = []
        start = -1
        prevEnd = lexer.pos
        continue
      }
      ops.push({ op, operands, start: start < 0 ? at : start, end: lexer.pos })
      operands = []
      start = -1
      if (ops.length > maxOps)
        throw new CheckError('pdf_too_complex', 'A content stream has too many operations.')
      continue
    }
    if (start < 0) start = at
    if (operands.length < 64) operands.push(token)
  }
  return { ops, decimals, strings, spacing }
}
