/**
 * Byte-level comparison of a forged receipt with the one the generator makes directly with the forged
 * amount (indistinguishable.test.ts): the parts of a single-revision, single-content-stream PDF and where
 * two files differ.
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

/** `null` when the files are byte-identical, else where they first differ (for a readable failure). */
export function firstDifference(a: Uint8Array, b: Uint8Array): string | null {
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && a[i] === b[i]) i++
  if (i === n && a.length === b.length) return null
  const around = (x: Uint8Array) => JSON.stringify(latin1.decode(x.subarray(Math.max(0, i - 30), i + 30)))
  return `lengths ${a.length} / ${b.length}, first difference at byte ${i}: ${around(a)} / ${around(b)}`
}
