/**
 * A ToUnicode CMap read the way pdf.js 5.6 reads it (`parseCMap` with `parseBfChar`/`parseBfRange`,
 * `mapBfRange`'s byte increment with carry, `readToUnicode`'s UTF-16BE decoding): sections in file order, a
 * later entry replacing an earlier one. Only what a font's ToUnicode needs is taken; `usecmap`, CID
 * sections, odd hex digits, and literal strings or numbers where an entry's string belongs are `unsupported`.
 */
import { bytesToLatin1 } from '../structure/pdf-values'
import { unsupported } from './unsupported'

const MAX_ENTRIES = 70_000
const tokenPattern = /%[^\r\n]*|<<|>>|<([0-9A-Fa-f\s]*)>|\(|\[|\]|\/[^\s()<>[\]{}/%]*|[^\s()<>[\]{}/%]+/g

/** Hex strings (the only strings a ToUnicode entry is taken from), literal strings (skipped), words. */
type Token = { hex: number[] } | { literal: true } | { word: string }

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  const pattern = new RegExp(tokenPattern)
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [raw, hexDigits] = match
    if (raw.startsWith('%')) continue
    if (raw === '(') {
      pattern.lastIndex = skipLiteralString(text, pattern.lastIndex)
      tokens.push({ literal: true })
    } else if (hexDigits !== undefined) {
      const digits = hexDigits.replace(/\s+/g, '')
      if (digits.length % 2 !== 0) unsupported('odd hex digits in a ToUnicode CMap')
      const bytes: number[] = []
      for (let i = 0; i < digits.length; i += 2) bytes.push(Number.parseInt(digits.slice(i, i + 2), 16))
      tokens.push({ hex: bytes })
    } else tokens.push({ word: raw })
  }
  return tokens
}

/** The index after the `)` closing a literal string whose `(` ends just before `from` (nesting, escapes). */
function skipLiteralString(text: string, from: number): number {
  let depth = 1
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i + 1
  }
  return text.length
}

export function readToUnicodeCMap(data: Uint8Array): Map<number, string> {
  const tokens = tokenize(bytesToLatin1(data.subarray(0, 1 << 20)))
  const map = new Map<number, number[]>()
  let at = 0
  const hexAt = (what: string): number[] => {
    const token = tokens[at++]
    if (!token || !('hex' in token)) return unsupported(`${what} is not a hex string`)
    return token.hex
  }
  const set = (code: number, bytes: number[]) => {
    map.set(code, bytes)
    if (map.size > MAX_ENTRIES) unsupported('ToUnicode CMap too large')
  }
  while (at < tokens.length) {
    const token = tokens[at++]!
    if (!('word' in token)) continue
    if (token.word === 'endcmap') break
    if (token.word === 'usecmap' || token.word === 'begincidchar' || token.word === 'begincidrange')
      unsupported(`${token.word} in a ToUnicode CMap`)
    if (token.word === 'beginbfchar') {
      while (!isWord(tokens[at], 'endbfchar')) {
        if (at >= tokens.length) unsupported('unterminated bfchar')
        const src = toInt(hexAt('bfchar source'))
        set(src, hexAt('bfchar destination'))
      }
      at++
    } else if (token.word === 'beginbfrange') {
      while (!isWord(tokens[at], 'endbfrange')) {
        if (at >= tokens.length) unsupported('unterminated bfrange')
        let low = toInt(hexAt('bfrange low'))
        const high = toInt(hexAt('bfrange high'))
        if (high - low > 0xffff) unsupported('bfrange too long')
        if (isWord(tokens[at], '[')) {
          at++
          while (!isWord(tokens[at], ']')) {
            const dst = hexAt('bfrange array entry')
            if (low <= high) set(low++, dst)
          }
          at++
        } else {
          let dst = [...hexAt('bfrange destination')]
          if (dst.length === 0) unsupported('empty bfrange destination')
          const last = dst.length - 1
          while (low <= high) {
            set(low++, dst)
            dst = [...dst]
            if (dst[last]! + 1 > 0xff) {
              if (last === 0 || dst[last - 1]! + 1 > 0xff)
                unsupported('bfrange carries out of its destination')
              dst[last - 1] = dst[last - 1]! + 1
              dst[last] = 0
            } else dst[last] = dst[last]! + 1
          }
        }
      }
      at++
    }
  }
  const out = new Map<number, string>()
  for (const [code, bytes] of map) out.set(code, utf16Text(bytes))
  return out
}

function isWord(token: Token | undefined, word: string): boolean {
  return token !== undefined && 'word' in token && token.word === word
}

function toInt(bytes: number[]): number {
  let a = 0
  for (const b of bytes) a = (a << 8) | b
  return a >>> 0
}

/** pdf.js `readToUnicode`: bytes as UTF-16BE (an odd count gets a leading zero byte), surrogate pairs joined. */
function utf16Text(token: number[]): string {
  const bytes = token.length % 2 !== 0 ? [0, ...token] : token
  const points: number[] = []
  for (let k = 0; k < bytes.length; k += 2) {
    const w1 = (bytes[k]! << 8) | bytes[k + 1]!
    if ((w1 & 0xf800) !== 0xd800) {
      points.push(w1)
      continue
    }
    k += 2
    if (k + 1 >= bytes.length) unsupported('lone surrogate in a ToUnicode CMap')
    const w2 = (bytes[k]! << 8) | bytes[k + 1]!
    points.push(((w1 & 0x3ff) << 10) + (w2 & 0x3ff) + 0x10000)
  }
  return String.fromCodePoint(...points)
}
