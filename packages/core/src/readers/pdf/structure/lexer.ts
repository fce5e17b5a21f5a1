/**
 * A bounded tokenizer/parser for the PDF object syntax, shared by the file parser and the content-stream
 * tokenizer. Nesting depth is capped so hostile input cannot recurse without bound.
 */
import { CheckError } from '../../../vocabulary/error-codes'
import { decodeHexDigits, hexVal } from './hex-digits'
import type { PdfDict, PdfValue } from './pdf-values'

const MAX_DEPTH = 64

export function isWhite(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00
}

export function isDelimiter(c: number): boolean {
  return (
    c === 0x28 ||
    c === 0x29 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x2f ||
    c === 0x25
  )
}

/** A bare keyword (`obj`, `R`, `stream`, an operator in a content stream). */
export interface Keyword {
  keyword: string
}

export type Token = PdfValue | Keyword

export function isKeyword(token: Token | undefined): token is Keyword {
  return typeof token === 'object' && token !== null && !Array.isArray(token) && 'keyword' in token
}

export interface StringSyntax {
  literal: number
  hex: number
  /** `\ddd` escapes. */
  octalEscapes: number
  /** `\n \r \t \b \f` escapes. */
  letterEscapes: number
  /** `\( \) \\` escapes. */
  delimiterEscapes: number
}

export class Lexer {
  pos: number
  /** Decimal places of the most recent number token: content streams are fingerprinted by number format. */
  lastDecimals = 0
  /** When set, every number token (also inside arrays) is counted here by its decimal places. */
  decimalHistogram: Record<number, number> | null = null
  /** When set, string syntax is counted here: writers differ in hex vs literal and in what they escape. */
  stringSyntax: StringSyntax | null = null

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.pos = start
  }

  skipWhite(): void {
    const b = this.bytes
    while (this.pos < b.length) {
      const c = b[this.pos]!
      if (isWhite(c)) this.pos++
      else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++
      } else break
    }
  }

  atEnd(): boolean {
    this.skipWhite()
    return this.pos >= this.bytes.length
  }

  /** Reads one token; arrays and dictionaries are read whole, and `n g R` becomes a reference. */
  next(depth = 0): Token | undefined {
    if (depth > MAX_DEPTH) throw new CheckError('pdf_too_complex', 'PDF objects nest too deeply.')
    this.skipWhite()
    const b = this.bytes
    if (this.pos >= b.length) return undefined
    const c = b[this.pos]!
    if (c === 0x2f) return this.readName()
    if (c === 0x28) return this.readLiteralString()
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) return this.readDict(depth)
      return this.readHexString()
    }
    if (c === 0x5b) return this.readArray(depth)
    if (c === 0x5d || c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) {
      this.pos++
      return { keyword: String.fromCharCode(c) }
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      const num = this.readNumber()
      if (Number.isInteger(num) && num >= 0 && this.lastDecimals === 0) {
        const save = this.pos
        const gen = this.peekInteger()
        if (gen !== null) {
          this.skipWhite()
          if (
            b[this.pos] === 0x52 &&
            (this.pos + 1 >= b.length || isWhite(b[this.pos + 1]!) || isDelimiter(b[this.pos + 1]!))
          ) {
            this.pos++
            this.lastDecimals = 0
            return { kind: 'ref', num, gen }
          }
        }
        this.pos = save
        this.lastDecimals = 0
      }
      return num
    }
    const start = this.pos
    while (this.pos < b.length && !isWhite(b[this.pos]!) && !isDelimiter(b[this.pos]!)) this.pos++
    if (this.pos === start) {
      this.pos++
      return { keyword: String.fromCharCode(c) }
    }
    const word = String.fromCharCode(...b.subarray(start, Math.min(this.pos, start + 64)))
    if (word === 'true') return true
    if (word === 'false') return false
    if (word === 'null') return null
    return { keyword: word }
  }

  /** Reads a value (no bare keywords allowed except where the caller handles them). */
  value(depth = 0): PdfValue {
    const token = this.next(depth)
    if (token === undefined || isKeyword(token)) return null
    return token
  }

  private peekInteger(): number | null {
    this.skipWhite()
    const b = this.bytes
    const start = this.pos
    while (this.pos < b.length && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x39) this.pos++
    if (this.pos === start || (this.pos < b.length && !isWhite(b[this.pos]!) && !isDelimiter(b[this.pos]!)))
      return null
    let n = 0
    for (let i = start; i < this.pos; i++) n = n * 10 + (b[i]! - 0x30)
    return n
  }

  readNumber(): number {
    const b = this.bytes
    const start = this.pos
    if (b[this.pos] === 0x2b || b[this.pos] === 0x2d) this.pos++
    let dot = -1
    while (this.pos < b.length) {
      const c = b[this.pos]!
      if (c >= 0x30 && c <= 0x39) this.pos++
      else if (c === 0x2e && dot < 0) {
        dot = this.pos
        this.pos++
      } else if (c === 0x2d && this.pos > start)
        this.pos++ // tolerate "--1" style garbage some writers emit
      else break
    }
    this.lastDecimals = dot < 0 ? 0 : this.pos - dot - 1
    if (this.decimalHistogram) {
      this.decimalHistogram[this.lastDecimals] = (this.decimalHistogram[this.lastDecimals] ?? 0) + 1
    }
    const text = String.fromCharCode(...b.subarray(start, this.pos)).replace(/(?!^)-/g, '')
    const n = Number.parseFloat(text)
    return Number.isFinite(n) ? n : 0
  }

  private readName(): PdfValue {
    const b = this.bytes
    this.pos++
    const chars: number[] = []
    while (this.pos < b.length && !isWhite(b[this.pos]!) && !isDelimiter(b[this.pos]!)) {
      const c = b[this.pos]!
      if (c === 0x23 && hexVal(b[this.pos + 1] ?? 0) >= 0 && hexVal(b[this.pos + 2] ?? 0) >= 0) {
        chars.push(hexVal(b[this.pos + 1]!) * 16 + hexVal(b[this.pos + 2]!))
        this.pos += 3
      } else {
        chars.push(c)
        this.pos++
      }
      if (chars.length > 512) break
    }
    return { kind: 'name', name: new TextDecoder('utf-8').decode(new Uint8Array(chars)) }
  }

  private readLiteralString(): PdfValue {
    const b = this.bytes
    this.pos++
    const out: number[] = []
    let nest = 1
    const syntax = this.stringSyntax
    if (syntax) syntax.literal++
    while (this.pos < b.length) {
      const c = b[this.pos++]!
      if (c === 0x5c) {
        const e = b[this.pos++]
        if (e === undefined) break
        if (syntax) {
          if (e >= 0x30 && e <= 0x37) syntax.octalEscapes++
          else if (e === 0x6e || e === 0x72 || e === 0x74 || e === 0x62 || e === 0x66) syntax.letterEscapes++
          else if (e === 0x28 || e === 0x29 || e === 0x5c) syntax.delimiterEscapes++
        }
        if (e === 0x6e) out.push(0x0a)
        else if (e === 0x72) out.push(0x0d)
        else if (e === 0x74) out.push(0x09)
        else if (e === 0x62) out.push(0x08)
        else if (e === 0x66) out.push(0x0c)
        else if (e === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos++
        } else if (e === 0x0a) {
          // line continuation
        } else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30
          for (let k = 0; k < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; k++)
            v = v * 8 + (b[this.pos++]! - 0x30)
          out.push(v & 0xff)
        } else out.push(e)
      } else if (c === 0x28) {
        nest++
        out.push(c)
      } else if (c === 0x29) {
        nest--
        if (nest === 0) break
        out.push(c)
      } else out.push(c)
    }
    return { kind: 'string', bytes: new Uint8Array(out), hex: false }
  }

  private readHexString(): PdfValue {
    const b = this.bytes
    this.pos++
    if (this.stringSyntax) this.stringSyntax.hex++
    const { bytes, end } = decodeHexDigits(b, this.pos)
    this.pos = end
    return { kind: 'string', bytes, hex: true }
  }

  private readArray(depth: number): PdfValue {
    this.pos++
    const items: PdfValue[] = []
    for (;;) {
      const token = this.next(depth + 1)
      if (token === undefined) break
      if (isKeyword(token)) {
        if (token.keyword === ']') break
        continue
      }
      items.push(token)
    }
    return items
  }

  private readDict(depth: number): PdfDict {
    this.pos += 2
    const map = new Map<string, PdfValue>()
    for (;;) {
      this.skipWhite()
      const b = this.bytes
      if (this.pos >= b.length) break
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2
        break
      }
      const key = this.next(depth + 1)
      if (key === undefined) break
      if (
        typeof key !== 'object' ||
        key === null ||
        Array.isArray(key) ||
        !('kind' in key) ||
        key.kind !== 'name'
      ) {
        if (isKeyword(key) && (key.keyword === 'endobj' || key.keyword === 'stream')) {
          this.pos -= key.keyword.length
          break
        }
        continue
      }
      const value = this.next(depth + 1)
      if (value === undefined) break
      if (isKeyword(value)) {
        if (value.keyword === '>') {
          // ">>" split by the lexer: the dictionary ends here
          if (b[this.pos] === 0x3e) this.pos++
          break
        }
        continue
      }
      map.set(key.name, value)
    }
    return { kind: 'dict', map }
  }
}
