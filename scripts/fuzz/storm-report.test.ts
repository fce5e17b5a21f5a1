import { describe, expect, it } from 'vitest'
import { AnswerTally, formatTargetReport, targetFailures } from './storm-report'

describe('AnswerTally and the verdict', () => {
  const tally = new AnswerTally()
  tally.record('csv-valid', 202)
  tally.record('csv-valid', 202)
  tally.record('empty', 422, 'statement_invalid')
  tally.record('broken-json', 500, '', 7)
  tally.record('wrong-password', 'network_error:TypeError')
  const result = {
    target: 'statements',
    seconds: 3,
    tally,
    memory: [{ name: 'gateway', before: 200, peak: 500, after: 210 }],
    boundMb: 150,
    problems: [] as string[],
  }

  it('counts by input, status and code, and by status alone', () => {
    expect(tally.sent).toBe(5)
    expect(Object.fromEntries(tally.byStatus())).toEqual({
      '202': 2,
      '422': 1,
      '500': 1,
      'network_error:TypeError': 1,
    })
    expect(tally.answers.get('empty 422 statement_invalid')).toBe(1)
  })

  it('fails on a 5xx and names its input', () => {
    expect(targetFailures(result)).toEqual(['statements: 1 5xx: #7 broken-json 500'])
    expect(formatTargetReport(result)).toContain('5 requests in 3 s, 1 5xx')
    expect(formatTargetReport(result)).toContain('gateway         200 ->   210  (peak 500, growth 10)')
  })

  it('passes without 5xx, growth within the bound and no problem', () => {
    const clean = new AnswerTally()
    clean.record('csv-valid', 202)
    expect(targetFailures({ ...result, tally: clean })).toEqual([])
    expect(targetFailures({ ...result, tally: clean, problems: ['x'] })).toEqual(['statements: x'])
  })
})
