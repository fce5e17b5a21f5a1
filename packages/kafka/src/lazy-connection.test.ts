import { describe, expect, it } from 'vitest'
import { lazyConnection } from './lazy-connection'

describe('lazyConnection', () => {
  it('opens once on first use and shares the connection', async () => {
    let opens = 0
    const c = lazyConnection(async () => ++opens)
    expect(c.current()).toBeUndefined()
    expect(await Promise.all([c.get(), c.get()])).toEqual([1, 1])
    expect(await c.current()).toBe(1)
    expect(opens).toBe(1)
  })

  it('forgets a failed open, so the next use opens again', async () => {
    let opens = 0
    const c = lazyConnection(async () => {
      opens++
      if (opens === 1) throw new Error('refused')
      return opens
    })
    await expect(c.get()).rejects.toThrow('refused')
    expect(c.current()).toBeUndefined()
    expect(await c.get()).toBe(2)
  })

  it('opens a new connection after forget', async () => {
    let opens = 0
    const c = lazyConnection(async () => ++opens)
    await c.get()
    c.forget()
    expect(c.current()).toBeUndefined()
    expect(await c.get()).toBe(2)
  })
})
