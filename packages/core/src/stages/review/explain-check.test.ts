import { describe, expect, it } from 'vitest'
import { explainCheck } from './explain-check'

describe('explainCheck', () => {
  it('gives a failed soft check of a known family its meaning, rate and boxes', () => {
    const e = explainCheck(
      {
        name: 'layout.alignment',
        hard: false,
        passed: false,
        detail: 'off: page 1, box x 10.0–20.0, baseline 30.0',
      },
      'vtb/sbp_outgoing',
    )
    expect(e.meaning).toMatch(/template/)
    expect(e.falseAlarm?.rate).toBeGreaterThan(0)
    expect(e.boxes).toHaveLength(1)
  })

  it('draws no box for a passed check and no rate for a hard one', () => {
    const e = explainCheck(
      { name: 'semantic.sum', hard: true, passed: true, detail: 'page 1, box x 10.0–20.0, baseline 30.0' },
      'vtb/sbp_outgoing',
    )
    expect(e.boxes).toEqual([])
    expect(e.falseAlarm).toBeNull()
  })

  it('has no rate for an unknown family', () => {
    expect(
      explainCheck({ name: 'fonts.set', hard: false, passed: false, detail: '' }, null).falseAlarm,
    ).toBeNull()
  })
})
