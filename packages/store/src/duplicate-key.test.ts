import { describe, expect, it } from 'vitest'
import { duplicateKeyIndex, isDuplicateKeyError } from './duplicate-key'

describe('duplicate key errors', () => {
  it('recognises code 11000', () => {
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true)
    expect(isDuplicateKeyError({ code: 121 })).toBe(false)
    expect(isDuplicateKeyError(null)).toBe(false)
  })

  it('reads the refused document of an ordered insertMany, and nothing else', () => {
    expect(duplicateKeyIndex({ code: 11000, writeErrors: [{ index: 2, code: 11000 }] })).toBe(2)
    expect(duplicateKeyIndex({ code: 11000, writeErrors: { index: 0, code: 11000 } })).toBe(0)
    expect(duplicateKeyIndex({ code: 121, writeErrors: [{ index: 1, code: 121 }] })).toBeUndefined()
    expect(
      duplicateKeyIndex({
        writeErrors: [
          { index: 1, code: 11000 },
          { index: 2, code: 11000 },
        ],
      }),
    ).toBeUndefined()
    expect(duplicateKeyIndex({ code: 11000 })).toBeUndefined()
    expect(duplicateKeyIndex(new Error('network'))).toBeUndefined()
  })
})
