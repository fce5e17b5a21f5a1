import { describe, expect, it } from 'vitest'
import { readHeaders } from './message-headers'

describe('message headers', () => {
  it('decode byte and string values, take the first of repeated values, skip undefined', () => {
    expect(
      readHeaders({ a: Buffer.from('é1'), b: 'two', c: [Buffer.from('x'), Buffer.from('y')], d: undefined }),
    ).toEqual({ a: 'é1', b: 'two', c: 'x' })
    expect(readHeaders(undefined)).toEqual({})
  })
})
