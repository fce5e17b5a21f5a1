/**
 * Byte-level comparison of a forged receipt with the one the generator makes directly with the forged
 * amount (indistinguishable.test.ts): the parts of a single-revision, single-content-stream PDF, where two
 * files differ, and the undoing of the deviations the forgery tool is known to introduce, so that what
 * remains can be asserted byte for byte.
 */
import { inflateSync } from 'node:zlib'
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'

const latin1 = new TextDecoder('latin1')

export interface PdfParts {
  /** Everything before the first object. */
  head: string
  /** Object numbers in file order. */
  order: number[]
  /** Each object's bytes (as Latin-1 text) from `N 0 obj` up to the next object or the xref. */
  objects: Map<number, string>
  /** The page's only content stream. */
  contentNum: number
  /** Its decoded text, exactly as stored (no separator added). */
  content: string
  /** xref table, trailer, startxref and %%EOF. */
  tail: string
}

export function pdfParts(bytes: Uint8Array): PdfParts {
  const file = new PdfFile(bytes)
  const { contentNums } = new PageEditor(file)
  if (contentNums.length !== 1) throw new Error(`expected one content stream, found ${contentNums.length}`)
  const contentNum = contentNums[0]!
  return {
    head: file.text.slice(0, file.headEnd),
    order: file.slices.map((s) => s.num),
    objects: new Map(file.slices.map((s) => [s.num, file.objectText(s.num)])),
    contentNum,
    content: latin1.decode(inflateSync(file.streamBody(contentNum))),
    tail: file.text.slice(file.xrefOffset),
  }
}

/** Object numbers whose bytes differ (both files must hold the same objects). */
export function differingObjects(a: PdfParts, b: PdfParts): number[] {
  return a.order.filter((num) => a.objects.get(num) !== b.objects.get(num))
}

export interface LineDifference {
  line: number
  a: string | undefined
  b: string | undefined
}

/** Content lines that differ, by index (a line missing on one side is `undefined`). */
export function differingLines(a: string, b: string): LineDifference[] {
  const la = a.split('\n')
  const lb = b.split('\n')
  const out: LineDifference[] = []
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i]) out.push({ line: i, a: la[i], b: lb[i] })
  return out
}

/** `null` when the files are byte-identical, else where they first differ (for a readable failure). */
export function firstDifference(a: Uint8Array, b: Uint8Array): string | null {
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && a[i] === b[i]) i++
  if (i === n && a.length === b.length) return null
  const around = (x: Uint8Array) => JSON.stringify(latin1.decode(x.subarray(Math.max(0, i - 30), i + 30)))
  return `lengths ${a.length} / ${b.length}, first difference at byte ${i}: ${around(a)} / ${around(b)}`
}

/** The deviations of `amount_patch_classic_zlib` from the generator's writer that the test found. */
export interface ToolDeviations {
  /**
   * The editor re-encodes the edited Tj operand in upper-case hex: a deviation only where the writer uses lower
   * case (real BI Publisher files, and the generator's Alfa receipts, are upper case, so on them it is none).
   */
  upperHexOperand: boolean
  /** The editor writes `(…) Tj`; iText (GPB) writes `(…)Tj`. */
  spaceBeforeTj: boolean
  /** PdfFile.rewrite ends xref entries and trailer lines with LF where the original used CRLF (Alfa). */
  lfTail: boolean
}

/**
 * The forgery with exactly the listed deviations undone, plus the one every patch has: PageEditor joins the
 * page's streams with a newline after each, so the rewritten stream gains a trailing LF. Each repair throws
 * when its deviation is absent, so a fixed tool fails the test instead of passing it silently.
 */
export function undoToolDeviations(forged: Uint8Array, deviations: ToolDeviations): Uint8Array {
  const file = new PdfFile(forged)
  const { contentNum, content } = pdfParts(forged)
  if (!content.endsWith('\n\n')) throw new Error('the forged content does not end with the extra newline')
  let repaired = content.slice(0, -1)
  if (deviations.upperHexOperand) {
    if (!/<[0-9A-F]*[A-F][0-9A-F]*>/.test(repaired)) throw new Error('no upper-case hex operand to undo')
    repaired = repaired.replace(/<([0-9A-Fa-f]+)>/g, (_m, hex: string) => `<${hex.toLowerCase()}>`)
  }
  if (deviations.spaceBeforeTj) {
    if (!repaired.includes(') Tj')) throw new Error('no `) Tj` to undo')
    repaired = repaired.replaceAll(') Tj', ')Tj')
  }
  const body = Uint8Array.from(repaired, (c) => c.charCodeAt(0))
  const rewritten = file.rewrite(new Map([[contentNum, file.withStreamBody(contentNum, body, 'classic')]]))
  if (!deviations.lfTail) return rewritten
  const text = latin1.decode(rewritten)
  const xref = new PdfFile(rewritten).xrefOffset
  const tail = text.slice(xref)
  if (!/[^\r]\n/.test(tail)) throw new Error('no bare LF in the rewritten tail to undo')
  return Uint8Array.from(text.slice(0, xref) + tail.replace(/\r?\n/g, '\r\n'), (c) => c.charCodeAt(0))
}
