import { describe, expect, it } from 'vitest'
import { alignmentTolerance, valueAlignmentCheck } from './value-alignment'

/** Facts of values found by their labels: `[field, label x, value x, value right]`, in points. */
const facts = (rows: [string, number, number, number][], extra: Record<string, number> = {}) => ({
  ...Object.fromEntries(
    rows.flatMap(([field, labelX, x, right]) => [
      [`label.${field}.x`, labelX],
      [`value.${field}.x`, x],
      [`value.${field}.right`, right],
    ]),
  ),
  ...extra,
})

describe('valueAlignmentCheck', () => {
  const vtb: [string, number, number, number][] = [
    ['status_ok', 17, 206, 252.1],
    ['paid_at', 16.5, 177, 251.9],
    ['recipient_name', 16.3, 163, 250.9],
    ['bank', 15.8, 221, 250.7],
    ['amount', 15, 215, 249.9],
  ]

  it('passes values that end on the right margin within OCR looseness', () => {
    expect(valueAlignmentCheck('vtb/sbp_outgoing', facts(vtb))).toMatchObject({
      name: 'image.value_alignment',
      hard: false,
      passed: true,
    })
  })

  it('fails a value that overshoots the margin by a digit', () => {
    const edited = vtb.map((r) => (r[0] === 'amount' ? ([r[0], r[1], r[2], r[3] + 5.2] as typeof r) : r))
    const check = valueAlignmentCheck('vtb/sbp_outgoing', facts(edited))!
    expect(check.passed).toBe(false)
    expect(check.detail).toContain('amount +')
  })

  it('passes or fails by the tolerance, not by any shift', () => {
    const shifted = (by: number) =>
      valueAlignmentCheck(
        'vtb/sbp_outgoing',
        facts(vtb.map((r) => (r[0] === 'bank' ? ([r[0], r[1], r[2], 251 + by] as typeof r) : r))),
      )!.passed
    expect(shifted(alignmentTolerance - 1)).toBe(true)
    expect(shifted(alignmentTolerance + 1)).toBe(false)
  })

  it('on a left-aligned layout, holds each value to its own label', () => {
    const alfa: [string, number, number, number][] = [
      ['amount', 49.5, 49.9, 79.8],
      ['commission', 49.8, 49.4, 74.8],
      ['recipient_name', 258.8, 258.8, 275],
    ]
    expect(valueAlignmentCheck('alfa/sbp', facts(alfa))!.passed).toBe(true)
    alfa[2] = ['recipient_name', 258.8, 264.5, 281]
    expect(valueAlignmentCheck('alfa/sbp', facts(alfa))!.passed).toBe(false)
  })

  it("makes no claim when most values sit elsewhere: not the PDF's layout (a bank app's own screen)", () => {
    // Values left-aligned under their labels, as an app screen may set them: their right ends scatter.
    const app: [string, number, number, number][] = [
      ['status_ok', 17, 17, 60],
      ['paid_at', 16.5, 17, 95],
      ['recipient_name', 16.3, 16, 120],
      ['bank', 15.8, 16, 70],
      ['amount', 15, 15, 40],
    ]
    expect(valueAlignmentCheck('vtb/sbp_outgoing', facts(app))).toBeNull()
  })

  it('leaves out values a rule sets elsewhere, and makes no claim without enough values', () => {
    // T-Bank's payment_reference is read inline after its label: not on the margin, not counted.
    const tbank: [string, number, number, number][] = [
      ['amount', 21.7, 250, 267.3],
      ['commission', 22.3, 213, 267.3],
      ['bank', 22.3, 219.6, 267.6],
      ['payment_reference', 22.3, 77.8, 156.5],
    ]
    expect(valueAlignmentCheck('tbank/sbp', facts(tbank))!.passed).toBe(true)
    expect(valueAlignmentCheck('vtb/sbp_outgoing', facts(vtb.slice(0, 2)))).toBeNull()
    expect(valueAlignmentCheck('unknown', facts(vtb))).toBeNull()
  })
})
