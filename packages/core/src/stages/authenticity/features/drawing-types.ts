/** What a replayed page draws: text runs, painted boxes and the operators it used (see page-drawing.ts). */
import type { PdfFontInfo } from '../../../readers/pdf/structure/structure-types'

export type Matrix = [number, number, number, number, number, number]

export interface DrawnRun {
  opIndex: number
  op: string
  /** Index of the enclosing BT block. */
  block: number
  font: PdfFontInfo | null
  fontName: string
  /** Effective size in points (font size × text and page scaling). */
  size: number
  codes: number[]
  text: string
  x0: number
  x1: number
  /** Baseline, from the top of the page. */
  baseline: number
  renderMode: number
  fill: string
  /** Codes per string operand (TJ arrays may hold many strings). */
  stringLengths: number[]
  /** Numeric adjustments inside TJ arrays, in thousandths of text space. */
  kerns: number[]
  /** Drawn along a rotated baseline (e.g. text around a round stamp): boxes are not axis-aligned. */
  rotated: boolean
}

export interface PaintedBox {
  opIndex: number
  kind: 'fill' | 'image'
  fill: string
  x0: number
  y0: number
  x1: number
  y1: number
}

export interface PageDrawing {
  runs: DrawnRun[]
  boxes: PaintedBox[]
  operators: Set<string>
}
