import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import { sampleOf } from '../judging/assess'
import { type LearningSample, learnFingerprint } from './fingerprint'

const base = sampleOf(parsePdfStructure(simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hi)Tj ET\n')), 'test')
const withDelays = (delays: number[]): LearningSample[] =>
  delays.map((d) => ({ ...base, facts: { ...base.facts, creationAfterOperation: d } }))

describe('learnFingerprint: CreationDate after the operation', () => {
  it('given a render moment (seconds after the operation), then the upper bound stays tight', () => {
    const fp = learnFingerprint('test', withDelays([7, 9, 10]))
    expect(fp.semantics.creationAfterOperation).toEqual({ min: -53, max: 3600 })
  })

  it('given a download moment (days after the operation), then no bound but the horizon: payers wait as long as they like', () => {
    // Learned on recent downloads only (2 days at most), a receipt downloaded a year later is still genuine.
    const fp = learnFingerprint('test', withDelays([15, 3_600, 2 * 86_400]))
    const e = fp.semantics.creationAfterOperation!
    expect(e.min).toBe(-45)
    expect(e.max).toBeGreaterThan(5 * 365 * 86_400)
  })
})
