import { describe, expect, it } from 'vitest'
import { CheckError } from '../../../vocabulary/error-codes'
import { decodeStream, type InflateBudget } from './filters'

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))

/** The CheckError code `decode` throws, or null when it decodes. */
function codeOf(decode: () => unknown): string | null {
  try {
    decode()
  } catch (e) {
    expect(e).toBeInstanceOf(CheckError)
    return (e as CheckError).code
  }
  return null
}

describe('decodeStream charges every filter output to the shared budget', () => {
  it('decodes ASCII85 (`z` is four zero bytes) and charges its output', () => {
    const budget: InflateBudget = { remaining: 100 }
    const out = decodeStream(latin1('87cURzz~>'), ['ASCII85Decode'], [null], budget)
    expect([...(out.bytes ?? [])]).toEqual([...latin1('Hell'), 0, 0, 0, 0, 0, 0, 0, 0])
    expect(budget.remaining).toBe(100 - 12)
  })

  it('stops an ASCII85 expansion (each `z` one byte in, four out) at the budget: pdf_too_complex', () => {
    const budget: InflateBudget = { remaining: 1_000_000 }
    const bomb = latin1(`${'z'.repeat(300_000)}~>`)
    expect(codeOf(() => decodeStream(bomb, ['ASCII85Decode'], [null], budget))).toBe('pdf_too_complex')
  })

  it('shares the budget across streams: many small ASCII85 streams add up', () => {
    const budget: InflateBudget = { remaining: 1_000_000 }
    const stream = latin1(`${'z'.repeat(100_000)}~>`)
    const decodeOne = () => decodeStream(stream, ['A85'], [null], budget)
    expect(codeOf(decodeOne)).toBeNull()
    expect(codeOf(decodeOne)).toBeNull()
    expect(codeOf(decodeOne)).toBe('pdf_too_complex')
  })

  it('charges ASCIIHex output as well', () => {
    const budget: InflateBudget = { remaining: 10 }
    expect([...(decodeStream(latin1('48656c6c6f>'), ['AHx'], [null], budget).bytes ?? [])]).toEqual([
      ...latin1('Hello'),
    ])
    expect(budget.remaining).toBe(5)
    expect(codeOf(() => decodeStream(latin1('48656c6c6f48>'), ['AHx'], [null], budget))).toBe(
      'pdf_too_complex',
    )
  })
})
