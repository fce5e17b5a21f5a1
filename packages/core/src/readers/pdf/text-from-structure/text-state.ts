/**
 * The graphics and text state pdf.js's text extraction keeps (`TextState`, `StateManager`): q/Q save and
 * restore all of it, the text matrices included. Matrix products are written exactly as pdf.js's
 * `Util.transform` so every coordinate is the same double.
 */
import type { TextFont } from './text-font'

export type Matrix = [number, number, number, number, number, number]

export const identity = (): Matrix => [1, 0, 0, 1, 0, 0]

export function multiply(m1: readonly number[], m2: readonly number[]): Matrix {
  return [
    m1[0]! * m2[0]! + m1[2]! * m2[1]!,
    m1[1]! * m2[0]! + m1[3]! * m2[1]!,
    m1[0]! * m2[2]! + m1[2]! * m2[3]!,
    m1[1]! * m2[2]! + m1[3]! * m2[3]!,
    m1[0]! * m2[4]! + m1[2]! * m2[5]! + m1[4]!,
    m1[1]! * m2[4]! + m1[3]! * m2[5]! + m1[5]!,
  ]
}

export class TextState {
  ctm: Matrix = identity()
  /** Resource name of the current font (`/F1`), as `Tf` set it. */
  fontName: string | null = null
  fontSize = 0
  font: TextFont | null = null
  /** pdf.js's per-document font id (`f1`, `f2`, …). */
  loadedName: string | null = null
  textMatrix: Matrix = identity()
  textLineMatrix: Matrix = identity()
  charSpacing = 0
  wordSpacing = 0
  leading = 0
  textHScale = 1
  textRise = 0

  clone(): TextState {
    const copy = Object.assign(new TextState(), this)
    copy.textMatrix = [...this.textMatrix]
    copy.textLineMatrix = [...this.textLineMatrix]
    return copy
  }

  translateTextMatrix(x: number, y: number): void {
    const m = this.textMatrix
    m[4] = m[0] * x + m[2] * y + m[4]
    m[5] = m[1] * x + m[3] * y + m[5]
  }

  translateTextLineMatrix(x: number, y: number): void {
    const m = this.textLineMatrix
    m[4] = m[0] * x + m[2] * y + m[4]
    m[5] = m[1] * x + m[3] * y + m[5]
  }

  carriageReturn(): void {
    this.translateTextLineMatrix(0, -this.leading)
    this.textMatrix = [...this.textLineMatrix]
  }

  /** The text rendering matrix at the current glyph (pdf.js `getCurrentTextTransform`, non-Type3). */
  currentTransform(): Matrix {
    const tsm = [this.fontSize * this.textHScale, 0, 0, this.fontSize, 0, this.textRise]
    return multiply(this.ctm, multiply(this.textMatrix, tsm))
  }
}
