import { describe, expect, it } from 'vitest'
import { commandsPerCheck, formatCommandsPerCheck, sumCounts } from './commands-per-check'

describe('store commands per check', () => {
  it('sums replicas', () => {
    expect(sumCounts([{ find: 2, insert: 1 }, { find: 3 }])).toEqual({ find: 5, insert: 1 })
  })

  it('divides each service’s moved counters by the completed checks, and totals across services', () => {
    const before = { gateway: { find: 10, insert: 5 }, aggregator: { update: 0 }, replay: undefined }
    const after = {
      gateway: { find: 30, insert: 15 },
      aggregator: { update: 40, find: 10 },
      replay: undefined,
    }
    const c = commandsPerCheck(before, after, 10)
    expect(c.services).toEqual([
      {
        service: 'gateway',
        total: 3,
        byCommand: [
          ['find', 2],
          ['insert', 1],
        ],
      },
      {
        service: 'aggregator',
        total: 5,
        byCommand: [
          ['update', 4],
          ['find', 1],
        ],
      },
    ])
    expect(c.missing).toEqual(['replay'])
    expect(c.total).toBe(8)
    expect(c.byCommand).toEqual([
      ['update', 4],
      ['find', 3],
      ['insert', 1],
    ])
    expect(formatCommandsPerCheck(c)).toEqual([
      '  gateway            3.00  find 2.00, insert 1.00',
      '  aggregator         5.00  update 4.00, find 1.00',
      '  total              8.00  update 4.00, find 3.00, insert 1.00',
      '  no store counters from: replay (metrics off?)',
    ])
  })

  it('counts nothing per check when no check completed rather than dividing by zero', () => {
    expect(commandsPerCheck({ g: { find: 1 } }, { g: { find: 3 } }, 0).total).toBe(2)
  })

  it('says none for a service that sent no commands', () => {
    expect(formatCommandsPerCheck(commandsPerCheck({ matching: {} }, { matching: {} }, 5))[0]).toBe(
      '  matching           0.00  none',
    )
  })
})
