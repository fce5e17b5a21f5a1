import { describe, expect, it } from 'vitest'
import { forgeryRegressions, verdictSeverity } from './forgery-regression'

describe('forgeryRegressions', () => {
  it('flags a confirmed forgery the candidate calls genuine, or milder than the fingerprint judging now', () => {
    const found = forgeryRegressions([
      { id: 'a', verdictWas: 'suspicious', before: 'suspicious', after: 'suspicious' },
      { id: 'b', verdictWas: 'suspicious', before: 'suspicious', after: 'genuine' },
      { id: 'c', verdictWas: 'forged', before: 'forged', after: 'suspicious' },
      { id: 'd', verdictWas: 'genuine', before: 'genuine', after: 'genuine' },
      { id: 'e', verdictWas: 'suspicious', before: 'suspicious', after: 'forged' },
    ])
    expect(found.map((r) => [r.id, r.why])).toEqual([
      ['b', 'a confirmed forgery would be judged genuine'],
      ['c', 'a confirmed forgery would be judged suspicious, milder than forged'],
      ['d', 'a confirmed forgery would be judged genuine'],
    ])
  })

  it('orders verdicts genuine < unknown < suspicious < forged', () => {
    expect(['genuine', 'unknown', 'suspicious', 'forged', null].map(verdictSeverity)).toEqual([0, 1, 2, 3, 1])
  })
})
