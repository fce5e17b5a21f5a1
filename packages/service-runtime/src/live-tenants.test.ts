import { describe, expect, it } from 'vitest'
import { rememberLiveTenants } from './live-tenants'

describe('rememberLiveTenants', () => {
  it('answers a tenant found within the ttl from memory, then asks again', async () => {
    let clock = 0
    const asked: string[] = []
    const live = rememberLiveTenants(
      async (id) => {
        asked.push(id)
        return { _id: id }
      },
      { ttlMs: 1000, now: () => clock },
    )
    expect(await live('ten_a')).toBe(true)
    clock = 999
    expect(await live('ten_a')).toBe(true)
    expect(asked).toEqual(['ten_a'])
    clock = 1000
    expect(await live('ten_a')).toBe(true)
    expect(asked).toEqual(['ten_a', 'ten_a'])
  })

  it('never remembers a tenant not found: erased or not yet created, it is asked every time', async () => {
    let exists = false
    let asks = 0
    const live = rememberLiveTenants(
      async () => {
        asks++
        return exists ? {} : undefined
      },
      { ttlMs: 60_000, now: () => 0 },
    )
    expect(await live('ten_b')).toBe(false)
    expect(await live('ten_b')).toBe(false)
    exists = true
    expect(await live('ten_b')).toBe(true)
    expect(asks).toBe(3)
  })
})
