/**
 * The generator's layout grid: every text position a generator writes (the translation operands of
 * `Tm`, `Td`, `TD`) is a whole number of its layout units — openhtmltopdf lays out in dots of 1/20 CSS px
 * (0.0375 pt), OpenPDF/iText round to 2 decimals (0.01 pt), BI Publisher to 3. An editor that moves a
 * re-typed value to keep it right-aligned computes the new x from the glyph widths and writes a number
 * off that grid: the generator could not have produced it.
 */
import type { CheckResult } from '@rv/schemas'
import type { ContentOp } from '../../../readers/pdf/structure/content-tokenizer'

/** Candidate grid steps (pt), coarsest first: CSS px multiples, then decimal places. */
export const GRID_CANDIDATES = [0.75, 0.375, 0.1875, 0.075, 0.0375, 0.05, 0.01, 0.005, 0.001] as const

/** Float32 arithmetic plus 5-decimal printing moves a grid value by at most ~6e-5 pt on an A4 page. */
const TOLERANCE = 2e-4

/** A family's grid is learned only from enough positions that a coarse grid cannot fit by chance. */
const MIN_POSITIONS = 50

export interface TextPosition {
  op: string
  axis: 'x' | 'y'
  value: number
}

export function textPositions(ops: readonly ContentOp[]): TextPosition[] {
  const out: TextPosition[] = []
  for (const o of ops) {
    const xi = o.op === 'Tm' ? 4 : o.op === 'Td' || o.op === 'TD' ? 0 : -1
    if (xi < 0) continue
    const x = o.operands[xi]
    const y = o.operands[xi + 1]
    if (typeof x === 'number') out.push({ op: o.op, axis: 'x', value: x })
    if (typeof y === 'number') out.push({ op: o.op, axis: 'y', value: y })
  }
  return out
}

export function onGrid(value: number, step: number): boolean {
  const q = value / step
  return Math.abs(q - Math.round(q)) * step <= TOLERANCE
}

/** The coarsest candidate step every position of every genuine document lies on; null if none fits. */
export function learnPositionGrid(perDoc: readonly (readonly number[])[]): number | null {
  const all = perDoc.flat()
  if (all.length < MIN_POSITIONS) return null
  return GRID_CANDIDATES.find((step) => all.every((v) => onGrid(v, step))) ?? null
}

export function positionGridCheck(
  positions: readonly TextPosition[],
  step: number | null | undefined,
): CheckResult | null {
  if (!step) return null
  const off = positions.filter((p) => !onGrid(p.value, step))
  const first = off[0]
  return {
    name: 'content.position_grid',
    hard: false,
    passed: off.length === 0,
    detail: first
      ? `expected every text position (Tm/Td operands) on the generator's layout grid of ${step} pt; found ${off.length} off it, first ${first.op} ${first.axis} ${first.value}`
      : `all ${positions.length} text positions on the generator's layout grid of ${step} pt`,
  }
}
