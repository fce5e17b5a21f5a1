import { describe, expect, it } from 'vitest'
import { commandCounts, commandDelta } from './store-commands'

describe('store command counts', () => {
  it("reads FerretDB's per-command totals, leaving out hand-shakes", () => {
    const status = {
      metrics: { commands: { find: { total: 12, failed: 0 }, insert: { total: 4 }, hello: { total: 90 } } },
    }
    expect(commandCounts(status)).toEqual({ find: 12, insert: 4 })
  })

  it("reads MongoDB's opcounters", () => {
    expect(commandCounts({ opcounters: { query: 3, insert: 2, update: 1, command: 7 } })).toEqual({
      query: 3,
      insert: 2,
      update: 1,
      command: 7,
    })
  })

  it('gives what moved between two snapshots, largest first', () => {
    expect(commandDelta({ find: 10, insert: 4 }, { find: 30, insert: 9, update: 5, delete: 0 })).toEqual([
      ['find', 20],
      ['insert', 5],
      ['update', 5],
    ])
  })
})
