import { describe, expect, it } from 'vitest'
import { createOffsetHolds } from './offset-holds'

describe('offset holds', () => {
  it('commits past the last handled offset when nothing is held', () => {
    const holds = createOffsetHolds()
    expect(holds.due()).toEqual([])
    holds.handled('t', 0, '7')
    holds.handled('t', 0, '8')
    expect(holds.due()).toEqual([{ topic: 't', partition: 0, offset: '9' }])
  })

  it('stops the commit point at the oldest held offset until it is released', () => {
    const holds = createOffsetHolds()
    const release41 = holds.hold('t', 0, '41')
    holds.handled('t', 0, '41')
    const release42 = holds.hold('t', 0, '42')
    holds.handled('t', 0, '42')
    holds.handled('t', 0, '43')
    expect(holds.due()).toEqual([{ topic: 't', partition: 0, offset: '41' }])
    release42()
    expect(holds.due()).toEqual([{ topic: 't', partition: 0, offset: '41' }])
    release41()
    expect(holds.due()).toEqual([{ topic: 't', partition: 0, offset: '44' }])
    expect(holds.heldCount()).toBe(0)
  })

  it('keeps partitions and topics apart', () => {
    const holds = createOffsetHolds()
    holds.hold('a', 0, '5')
    holds.handled('a', 0, '5')
    holds.handled('a', 1, '5')
    holds.handled('b', 0, '2')
    expect(holds.due()).toEqual([
      { topic: 'a', partition: 0, offset: '5' },
      { topic: 'a', partition: 1, offset: '6' },
      { topic: 'b', partition: 0, offset: '3' },
    ])
  })

  it('offers a point once it is committed, and again only when it moves', () => {
    const holds = createOffsetHolds()
    holds.handled('t', 3, '10')
    const points = holds.due()
    holds.committed(points, holds.generation())
    expect(holds.due()).toEqual([])
    holds.handled('t', 3, '11')
    expect(holds.due()).toEqual([{ topic: 't', partition: 3, offset: '12' }])
  })

  it('drops holds and points at a group join; a release from before does nothing', () => {
    const holds = createOffsetHolds()
    const release = holds.hold('t', 0, '1')
    holds.handled('t', 0, '1')
    const takenIn = holds.generation()
    const points = holds.due()
    holds.reset()
    holds.committed(points, takenIn)
    expect(holds.due()).toEqual([])
    const fresh = holds.hold('t', 0, '1')
    holds.handled('t', 0, '1')
    release()
    expect(holds.due()).toEqual([{ topic: 't', partition: 0, offset: '1' }])
    fresh()
    expect(holds.due()).toEqual([{ topic: 't', partition: 0, offset: '2' }])
  })

  it('takes offsets beyond 2^53 exactly', () => {
    const holds = createOffsetHolds()
    holds.handled('t', 0, '9007199254740993')
    expect(holds.due()[0]?.offset).toBe('9007199254740994')
  })
})
