/**
 * Tokenises a decoded content stream into operators with their operands (ISO 32000-1 §7.8.2). Inline
 * images are skipped to `EI`. The operation count is capped: a receipt draws a few thousand at most.
 */
import { CheckError } from '../../check/error-codes'
import { isKeyword, Lexer } from './lexer'
import type { PdfValue } from './pdf-values'

export interface ContentOp {
  op: string
  operands: PdfValue[]
}

export interface ContentTokens {
  ops: ContentOp[]
  /** Histogram of decimal places used by number operands: how the generator formats numbers. */
  decimals: Record<number, number>
}

export function tokenizeContent(data: Uint8Array, maxOps: number): ContentTokens {
  const lexer = new Lexer(data)
  const ops: ContentOp[] = []
  const decimals: Record<number, number> = {}
  lexer.decimalHistogram = decimals
  let operands: PdfValue[] = []
  for (;;) {
    const token = lexer.next()
    if (token === undefined) break
    if (isKeyword(token)) {
      const op = token.keyword
      if (op === 'BI') {
        // Inline image: skip its dictionary and data up to a whitespace-delimited EI.
        let at = lexer.pos
        while (at < data.length - 2) {
          if (
            data[at] === 0x45 &&
            data[at + 1] === 0x49 &&
            (at + 2 >= data.length || data[at + 2]! <= 0x20) &&
            data[at - 1]! <= 0x20
          )
            break
          at++
        }
        lexer.pos = at + 2
        ops.push({ op: 'BI', operands: [] })
        operands = []
        continue
      }
      ops.push({ op, operands })
      operands = []
      if (ops.length > maxOps)
        throw new CheckError('pdf_too_complex', 'A content stream has too many operations.')
      continue
    }
    if (operands.length < 64) operands.push(token)
  }
  return { ops, decimals }
}
