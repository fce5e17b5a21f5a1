import { describe, expect, it } from 'vitest'
import { parseCompareEnv, parseComparePlan, roundOrder } from './compare-plan'

describe('compare plan', () => {
  it('is absent without --compare or --compare-env', () => {
    expect(parseComparePlan({})).toBeUndefined()
    expect(() => parseComparePlan({ rounds: '3' })).toThrow(/--rounds goes with/)
  })

  it('reads two refs, two rounds each by default, in the order A, B, A, B', () => {
    const plan = parseComparePlan({ compare: 'main,worktree' })
    expect(plan?.sides).toEqual([
      { label: 'A', ref: 'main', env: {} },
      { label: 'B', ref: 'worktree', env: {} },
    ])
    expect(plan && roundOrder(plan).map((s) => s.label)).toEqual(['A', 'B', 'A', 'B'])
    const three = parseComparePlan({ compare: 'HEAD~1,HEAD', rounds: '3' })
    expect(three && roundOrder(three).map((s) => `${s.label}:${s.ref}`)).toEqual([
      'A:HEAD~1',
      'B:HEAD',
      'A:HEAD~1',
      'B:HEAD',
      'A:HEAD~1',
      'B:HEAD',
    ])
  })

  it('refuses anything but two refs and a positive whole number of rounds', () => {
    expect(() => parseComparePlan({ compare: 'main' })).toThrow(/two refs/)
    expect(() => parseComparePlan({ compare: 'a,b,c' })).toThrow(/two refs/)
    expect(() => parseComparePlan({ compare: 'main,' })).toThrow(/two refs/)
    expect(() => parseComparePlan({ compare: 'a,b', rounds: '0' })).toThrow(/--rounds/)
    expect(() => parseComparePlan({ compare: 'a,b', rounds: '1.5' })).toThrow(/--rounds/)
  })

  it('gives each side its environment; both sides the working tree without --compare', () => {
    const plan = parseComparePlan({ compareEnv: 'A:CONSUMER_CONCURRENCY=1;B:CONSUMER_CONCURRENCY=4,X=a=b' })
    expect(plan?.sides).toEqual([
      { label: 'A', ref: 'worktree', env: { CONSUMER_CONCURRENCY: '1' } },
      { label: 'B', ref: 'worktree', env: { CONSUMER_CONCURRENCY: '4', X: 'a=b' } },
    ])
    expect(parseCompareEnv('A:;B:METRICS_ENABLED=false')).toEqual({ A: {}, B: { METRICS_ENABLED: 'false' } })
  })

  it('refuses malformed environment sides', () => {
    expect(() => parseCompareEnv('C:X=1')).toThrow(/each side/)
    expect(() => parseCompareEnv('X=1')).toThrow(/each side/)
    expect(() => parseCompareEnv('A:X=1;A:Y=2')).toThrow(/given twice/)
    expect(() => parseCompareEnv('A:NOVALUE')).toThrow(/not KEY=VALUE/)
    expect(() => parseCompareEnv('A:1X=2')).toThrow(/not KEY=VALUE/)
  })
})
