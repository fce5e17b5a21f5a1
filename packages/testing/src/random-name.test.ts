import { describe, expect, it } from 'vitest'
import { randomName } from './random-name'

// S3's bucket rule is the strictest of the names this is used for.
const bucketName = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/

describe('randomName', () => {
  it('starts with the cleaned prefix and is a valid bucket name', () => {
    const name = randomName('IT Receipts_')
    expect(name.startsWith('it-receipts-')).toBe(true)
    expect(name).toMatch(bucketName)
  })

  it('stays valid for long or empty prefixes', () => {
    expect(randomName('x'.repeat(200))).toMatch(bucketName)
    expect(randomName('---')).toMatch(/^rv-/)
    expect(randomName('a-'.repeat(40))).toMatch(bucketName)
  })

  it('never repeats', () => {
    const names = new Set(Array.from({ length: 1000 }, () => randomName('t')))
    expect(names.size).toBe(1000)
  })
})
