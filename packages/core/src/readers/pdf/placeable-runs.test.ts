import { describe, expect, it } from 'vitest'
import type { TextRun } from '../../vocabulary/pdf-model'
import { placeableRuns } from './placeable-runs'

const run = (over: Partial<TextRun>): TextRun => ({
  page: 0,
  text: 'Сумма',
  x: 10,
  y: 20,
  width: 30,
  height: 8,
  fontName: 'Tahoma',
  fontSize: 8,
  ...over,
})

describe('placeableRuns', () => {
  it('keeps runs with a finite place as they are', () => {
    const ok = run({})
    expect(placeableRuns([ok])[0]).toBe(ok)
  })

  it('drops a run without a finite origin or size', () => {
    const bad = [run({ x: Number.NaN }), run({ y: Number.POSITIVE_INFINITY }), run({ fontSize: Number.NaN })]
    expect(placeableRuns(bad)).toEqual([])
  })

  it('reads a non-finite width or height as zero', () => {
    const [placed] = placeableRuns([run({ width: Number.NaN, height: Number.NEGATIVE_INFINITY })])
    expect(placed).toMatchObject({ width: 0, height: 0, text: 'Сумма' })
  })
})
