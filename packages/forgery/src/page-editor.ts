/**
 * Edits the text of a receipt's page the way a careful forger would: re-encodes new text with glyphs the
 * embedded subset already holds, keeps the generator's text-showing style (per-glyph TJ with the same
 * kern, hex Tj, ...) and moves the text so a right-aligned value stays right-aligned.
 */

import { type DrawnRun, drawPage } from '@rv/core/authenticity'
import type { PdfFontInfo, PdfPageStructure } from '@rv/core/pdf'
import { type ContentOp, tokenizeContent } from '@rv/core/pdf'
import type { Deflater, PdfFile } from './pdf-file'
import { concatBytes, toLatin1Bytes } from './pdf-file'

const latin1 = new TextDecoder('latin1')

export class PageEditor {
  readonly page: PdfPageStructure
  readonly pageNum: number
  readonly contentNums: number[]
  decoded: Uint8Array
  ops: ContentOp[]
  runs: DrawnRun[]
  /** Each content stream's [start, end) in `decoded`, and whether an edit touched it. */
  private parts: { start: number; end: number; edited: boolean }[]

  constructor(readonly file: PdfFile) {
    this.page = file.structure.pages[0]!
    this.pageNum = file.structure.objects.find((o) => o.type === 'Page')!.num
    const pageText = file.objectText(this.pageNum)
    const arr = /\/Contents\s*\[([^\]]*)\]/.exec(pageText)
    const single = /\/Contents\s+(\d+)\s+\d+\s+R/.exec(pageText)
    this.contentNums = arr
      ? [...arr[1]!.matchAll(/(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1]))
      : [Number(single![1])]
    // The page's streams joined the way the parser joins them, so operation offsets line up.
    const parts = this.contentNums.map((n) => file.decodedStream(n))
    this.decoded = concatBytes(parts.flatMap((p) => [p, new Uint8Array([0x0a])]))
    let at = 0
    this.parts = parts.map((p) => {
      const part = { start: at, end: at + p.length, edited: false }
      at += p.length + 1
      return part
    })
    this.ops = []
    this.runs = []
    this.refresh()
  }

  private refresh(): void {
    this.ops = tokenizeContent(this.decoded, 500_000).ops
    this.runs = drawPage({ ...this.page, operations: this.ops }).runs
  }

  get text(): string {
    return latin1.decode(this.decoded)
  }

  private splice(start: number, end: number, replacement: string): void {
    const delta = replacement.length - (end - start)
    for (const p of this.parts) {
      if (p.start >= end) {
        p.start += delta
        p.end += delta
      } else if (p.end >= start) {
        p.end += delta
        p.edited = true
      }
    }
    this.decoded = concatBytes([
      this.decoded.subarray(0, start),
      toLatin1Bytes(replacement),
      this.decoded.subarray(end),
    ])
    this.refresh()
  }

  /** Codes for `text` from the font's ToUnicode map (longest match first); null when a glyph is missing. */
  encode(font: PdfFontInfo, text: string): number[] | null {
    const entries = Object.entries(font.toUnicode)
      .map(([code, str]) => ({ code: Number(code), str }))
      .filter((e) => e.str.length > 0)
      .sort((a, b) => b.str.length - a.str.length || a.code - b.code)
    const codes: number[] = []
    let i = 0
    while (i < text.length) {
      const hit = entries.find((e) => text.startsWith(e.str, i))
      if (!hit) return null
      codes.push(hit.code)
      i += hit.str.length
    }
    return codes
  }

  /** Replaces a run's whole text-showing operation with `operands` and `operator`. */
  setOperation(run: DrawnRun, operands: string, operator: string): void {
    const op = this.ops[run.opIndex]!
    // Keep the writer's spacing between the operand and the operator (`<…>Tj` or `<…> Tj`).
    const spacing = /(\s*)[A-Za-z'"]+$/.exec(this.text.slice(op.start, op.end))?.[1] ?? ' '
    this.splice(op.start, op.end, `${operands}${spacing}${operator}`)
  }

  /** One string operand holding `codes`, in the syntax (hex or literal, escapes) of the run's operation. */
  stringOperand(run: DrawnRun, codes: number[]): string {
    return this.operand(run, { ...this.ops[run.opIndex]!, op: 'Tj' }, codes)
  }

  /** The operand text for codes in the style of the run being replaced. */
  private operand(run: DrawnRun, op: ContentOp, codes: number[]): string {
    const bpc = run.font?.bytesPerCode ?? 1
    const hex = (c: number) =>
      c
        .toString(16)
        .padStart(bpc * 2, '0')
        .toUpperCase()
    const first = op.operands[0]
    const items = Array.isArray(first) ? first : [first]
    const sample = items.find(
      (x) => typeof x === 'object' && x !== null && !Array.isArray(x) && x.kind === 'string',
    )
    const asHex =
      sample && typeof sample === 'object' && !Array.isArray(sample) && sample.kind === 'string'
        ? sample.hex
        : true
    const bytesOf = (c: number) => (bpc === 2 ? [c >> 8, c & 0xff] : [c & 0xff])
    // Escape like the generator: PDFBox writes raw bytes (only ( ) \\ escaped), iText adds \\n-style escapes.
    const letterStyle = /\\[nrtbf]/.test(this.text)
    const str = (cs: number[]) =>
      asHex
        ? `<${cs.map(hex).join('')}>`
        : `(${cs
            .flatMap(bytesOf)
            .map((b) => escapeLiteral(b, letterStyle))
            .join('')})`
    if (op.op === 'TJ') {
      const perGlyph = run.stringLengths.every((n) => n === 1)
      const kern = run.kerns[0]
      if (perGlyph && kern !== undefined)
        return `[${codes.map((c) => str([c])).join(` ${formatNumber(kern)} `)}]`
      return `[${str(codes)}]`
    }
    return str(codes)
  }

  /**
   * Replaces the text of one run. `align` keeps the run's right edge (values) or left edge (labels);
   * returns false when the font lacks a glyph for the new text.
   */
  replaceRun(run: DrawnRun, newText: string, align: 'left' | 'right'): boolean {
    if (!run.font) return false
    const codes = this.encode(run.font, newText)
    if (!codes) return false
    this.replaceRunCodes(run, codes, align)
    return true
  }

  /** Replaces the codes a run draws (as `replaceRun`, for a caller that chose the codes itself). */
  replaceRunCodes(run: DrawnRun, codes: number[], align: 'left' | 'right'): void {
    const op = this.ops[run.opIndex]!
    const oldRight = run.x1
    const operand = this.operand(run, op, codes)
    this.setOperation(run, operand, op.op)
    if (align === 'right')
      this.shiftRun(run.opIndex, oldRight - this.runs.find((r) => r.opIndex === run.opIndex)!.x1)
  }

  /** Puts operations on their own lines before and after a run's text-showing operation. */
  wrapOperation(run: DrawnRun, before: string, after: string): void {
    const op = this.ops[run.opIndex]!
    this.splice(op.start, op.end, `${before}\n${this.text.slice(op.start, op.end)}\n${after}`)
  }

  /** The x scale of the text matrix a run is placed with (1 for `1 0 0 1 x y Tm`). */
  textScale(opIndex: number): number {
    for (let i = opIndex - 1; i >= 0; i--) {
      const op = this.ops[i]!
      if (op.op === 'BT') break
      if (op.op === 'Tm')
        return typeof op.operands[0] === 'number' && op.operands[0] !== 0 ? op.operands[0] : 1
    }
    return 1
  }

  /** Moves a run horizontally by editing the last Tm/Td before it in its text block. */
  shiftRun(opIndex: number, dx: number): void {
    if (Math.abs(dx) < 0.001) return
    for (let i = opIndex - 1; i >= 0; i--) {
      const op = this.ops[i]!
      if (op.op === 'BT') break
      if (op.op === 'Tm' || op.op === 'Td') {
        const n = op.operands.map((v) => (typeof v === 'number' ? v : 0))
        const xi = op.op === 'Tm' ? 4 : 0
        // Text space may be scaled: convert the page-space shift into the matrix's units.
        const scale = op.op === 'Tm' ? n[0] || 1 : 1
        n[xi] = n[xi]! + dx / scale
        this.splice(op.start, op.end, `${n.map(formatNumber).join(' ')} ${op.op}`)
        return
      }
    }
  }

  /** Appends raw content (a forger's overlay) at the end of the page. */
  append(content: string): void {
    const last = this.parts.at(-1)!
    last.end = this.decoded.length + content.length + 2
    last.edited = true
    this.decoded = concatBytes([this.decoded, toLatin1Bytes(`\n${content}\n`)])
    this.refresh()
  }

  /**
   * Replacement objects: the edited content in the first stream, the others emptied. `node` compresses
   * with Node's zlib (Chromium's fork, as Node/Electron-based editors do); `classic` with classic zlib,
   * byte-compatible with the Java generators.
   */
  contentObjects(deflater: Deflater = 'node'): Map<number, string> {
    const out = new Map<number, string>()
    // The last byte is the separator the constructor (or `append`) added after the page's content.
    const body = this.decoded.at(-1) === 0x0a ? this.decoded.subarray(0, -1) : this.decoded
    this.contentNums.forEach((num, i) => {
      out.set(num, this.file.withStreamBody(num, i === 0 ? body : new Uint8Array(0), deflater))
    })
    return out
  }

  /**
   * Replacement objects for the edited content streams only, each re-compressed alone; the streams no
   * edit touched keep their original bytes (what an editor that rewrites only dirty streams leaves).
   * Falls back to `contentObjects` when the whole content was replaced.
   */
  editedContentObjects(deflater: Deflater): Map<number, string> {
    const last = this.parts.at(-1)!
    if (last.end > this.decoded.length) return this.contentObjects(deflater)
    const out = new Map<number, string>()
    this.contentNums.forEach((num, i) => {
      const p = this.parts[i]!
      if (p.edited)
        out.set(num, this.file.withStreamBody(num, this.decoded.subarray(p.start, p.end), deflater))
    })
    return out
  }
}

const LETTER_ESCAPES: Record<number, string> = { 10: 'n', 13: 'r', 9: 't', 8: 'b', 12: 'f' }

function escapeLiteral(byte: number, letterStyle: boolean): string {
  if (byte === 0x28 || byte === 0x29 || byte === 0x5c) return `\\${String.fromCharCode(byte)}`
  if (letterStyle && LETTER_ESCAPES[byte]) return `\\${LETTER_ESCAPES[byte]}`
  return String.fromCharCode(byte)
}

export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(+n.toFixed(5))
}
