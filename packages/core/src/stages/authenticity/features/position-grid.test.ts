import { describe, expect, it } from 'vitest'
import type { ContentOp } from '../../../readers/pdf/structure/content-tokenizer'
import { learnPositionGrid, onGrid, positionGridCheck, textPositions } from './position-grid'

const tm = (x: number, y: number): ContentOp => ({ op: 'Tm', operands: [1, 0, 0, 1, x, y], start: 0, end: 0 })

describe('layout grid', () => {
  it('accepts dot-grid values as PDFBox prints them from float32', () => {
    // 5952 and 1930 dots of 0.0375 pt, printed with float32 noise.
    expect(onGrid(223.20001, 0.0375)).toBe(true)
    expect(onGrid(72.37499, 0.0375)).toBe(true)
    // A right-aligned x recomputed from glyph widths lands between dots.
    expect(onGrid(221.53951, 0.0375)).toBe(false)
    expect(onGrid(228.233, 0.01)).toBe(false)
  })

  it('learns the coarsest grid every position fits, and nothing from too few positions', () => {
    const dots = Array.from({ length: 60 }, (_, i) => +(i * 7 * 0.0375 + 0.0375).toFixed(5))
    expect(learnPositionGrid([dots])).toBe(0.0375)
    const cents = Array.from({ length: 60 }, (_, i) => +(i * 1.37).toFixed(2))
    expect(learnPositionGrid([cents])).toBe(0.01)
    expect(learnPositionGrid([[0.75, 1.5]])).toBeNull()
  })

  it('reads Tm and Td translations and names the first position off the grid', () => {
    const ops: ContentOp[] = [
      tm(24.75, 300.375),
      { op: 'Td', operands: [0, -12], start: 0, end: 0 },
      tm(221.53951, 72.375),
    ]
    const positions = textPositions(ops)
    expect(positions).toHaveLength(6)
    const check = positionGridCheck(positions, 0.0375)!
    expect(check.passed).toBe(false)
    // Learned from samples: soft, whatever it held on so far.
    expect(check.hard).toBe(false)
    expect(check.detail).toContain('Tm x 221.53951')
    expect(positionGridCheck(positions.slice(0, 4), 0.0375)!.passed).toBe(true)
    expect(positionGridCheck(positions, null)).toBeNull()
  })
})
