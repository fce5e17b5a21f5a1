/**
 * Tokenises a decoded content stream into operators with their operands (ISO 32000-1 §7.8.2). Inline
 * images are skipped to `EI`. The operation count is capped: a receipt draws a few thousand at most.
 */
import { CheckError } from '../../check/error-codes'
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
}

export function tokenizeContent(data: Uint8Array, maxOps: number): ContentTokens {
  const lexer = new Lexer(data)
  const ops: ContentOp[] = []
  const decimals: Record<number, number> = {}
  lexer.decimalHistogram = decimals
  const strings: StringSyntax = { literal: 0, hex: 0, octalEscapes: 0, letterEscapes: 0, delimiterEscapes: 0 }
  lexer.stringSyntax = strings
  let operands: PdfValue[] = []
  let start = -1
  for (;;) {
    lexer.skipWhite()
    const at = lexer.pos
    const token = lexer.next()
    if (token === undefined) break
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
  return { ops, decimals, strings }
}
