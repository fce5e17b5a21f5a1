import { describe, expect, it } from 'vitest'
import { createHeldResults, type HeldResult } from './held-results'

const result = (
  stage: HeldResult['stage'],
  at: number,
  generation = 1,
  released: string[] = [],
): HeldResult => ({
  stage,
  event: { type: 'matched', match: null } as unknown as HeldResult['event'],
  release: () => void released.push(stage),
  at,
  generation,
})

describe('held results', () => {
  it('knows which stages of a check it holds', () => {
    const held = createHeldResults()
    held.add('c', { ...result('extraction', 1), submission: { tenant_id: 't' } })
    held.add('c', result('matching', 2))
    expect(held.has('c', 'matching')).toBe(true)
    expect(held.has('c', 'replay')).toBe(false)
    expect(held.size()).toBe(2)
  })

  it('names checks held past a time as overdue and those of another generation as stale', () => {
    const held = createHeldResults()
    held.add('old', result('extraction', 100))
    held.add('new', result('extraction', 900))
    held.add('moved', result('extraction', 900, 0))
    expect(held.due(500, 1)).toEqual({ overdue: ['old'], stale: ['moved'] })
    expect(held.due(500, undefined).stale.sort()).toEqual(['moved', 'new', 'old'])
  })

  it('gives a check up once taken', () => {
    const held = createHeldResults()
    const released: string[] = []
    held.add('c', result('replay', 1, 1, released))
    for (const r of held.take('c')) r.release()
    expect(released).toEqual(['replay'])
    expect(held.take('c')).toEqual([])
    expect(held.size()).toBe(0)
  })
})
