import type { Collection } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { insertOnce } from './settlement-documents'

type Doc = { _id: string; by: string }
const duplicate = Object.assign(new Error('E11000 duplicate key error'), { code: 11000 })

/** A collection whose inserts and reads follow a script: what the store answered, in order. */
function scripted(inserts: ('ok' | 'duplicate')[], reads: (Doc | null)[]) {
  const calls: string[] = []
  const collection = {
    collectionName: 'settlement_claims',
    insertOne: async () => {
      calls.push('insert')
      if (inserts.shift() === 'duplicate') throw duplicate
    },
    find: () => {
      const cursor = {
        limit: () => cursor,
        sort: () => cursor,
        hint: () => cursor,
        project: () => cursor,
        next: async () => {
          calls.push('find')
          return reads.shift() ?? null
        },
      }
      return cursor
    },
  } as unknown as Collection<Doc>
  return { collection, calls }
}

describe('insertOnce', () => {
  it('a repeat returns the document first stored', async () => {
    const { collection, calls } = scripted(['duplicate'], [{ _id: 'c', by: 'first' }])
    expect(await insertOnce(collection, { _id: 'c', by: 'second' })).toEqual({ _id: 'c', by: 'first' })
    expect(calls).toEqual(['insert', 'find'])
  })

  it('a holder deleted between the refusal and the read: inserts again, as if it came after the delete', async () => {
    const { collection, calls } = scripted(['duplicate', 'ok'], [null])
    expect(await insertOnce(collection, { _id: 'c', by: 'mine' })).toEqual({ _id: 'c', by: 'mine' })
    expect(calls).toEqual(['insert', 'find', 'insert'])
  })

  it('gives up after three such rounds with the store’s error', async () => {
    const { collection } = scripted(['duplicate', 'duplicate', 'duplicate'], [null, null, null])
    await expect(insertOnce(collection, { _id: 'c', by: 'mine' })).rejects.toBe(duplicate)
  })
})
