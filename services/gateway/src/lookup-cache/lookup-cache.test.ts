import { describe, expect, it } from 'vitest'
import { cacheLookup } from './lookup-cache'

function counted<V>(value: (key: string) => V) {
  const calls: string[] = []
  const load = async (key: string) => {
    calls.push(key)
    return value(key)
  }
  return { calls, load }
}

describe('cacheLookup', () => {
  it('answers repeated lookups from the cache until the ttl passes', async () => {
    let t = 0
    const { calls, load } = counted((k) => `tenant-of-${k}`)
    const cached = cacheLookup(load, { ttlMs: 1000, now: () => t })
    expect(await cached('a')).toBe('tenant-of-a')
    expect(await cached('a')).toBe('tenant-of-a')
    expect(calls).toEqual(['a'])
    t = 1000
    await cached('a')
    expect(calls).toEqual(['a', 'a'])
  })

  it('shares one store call between concurrent lookups and does not keep a failure', async () => {
    let fail = true
    const calls: string[] = []
    const cached = cacheLookup(
      async (k) => {
        calls.push(k)
        if (fail) throw new Error('store down')
        return k
      },
      { ttlMs: 60_000 },
    )
    const results = await Promise.allSettled([cached('a'), cached('a')])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(calls).toEqual(['a'])
    fail = false
    expect(await cached('a')).toBe('a')
    expect(calls).toEqual(['a', 'a'])
  })

  it('caches an undefined answer (unknown key) like any other, and is bypassed with ttl 0', async () => {
    const { calls, load } = counted(() => undefined)
    const cached = cacheLookup(load, { ttlMs: 1000 })
    await cached('x')
    await cached('x')
    expect(calls).toEqual(['x'])
    const uncached = cacheLookup(load, { ttlMs: 0 })
    await uncached('y')
    await uncached('y')
    expect(calls).toEqual(['x', 'y', 'y'])
  })

  it('starts over past maxEntries', async () => {
    const { calls, load } = counted((k) => k)
    const cached = cacheLookup(load, { ttlMs: 60_000, maxEntries: 2 })
    await cached('a')
    await cached('b')
    await cached('c')
    await cached('a')
    expect(calls).toEqual(['a', 'b', 'c', 'a'])
  })
})

describe('cacheLookup: keyed by a digest, not flushable by unknown keys', () => {
  it('keeps known entries however many unknown keys are looked up', async () => {
    const { calls, load } = counted((k) => (k === 'known' ? 'ten_a' : undefined))
    const cached = cacheLookup(load, { ttlMs: 60_000, maxEntries: 100 })
    expect(await cached('known')).toBe('ten_a')
    for (let i = 0; i < 1000; i++) expect(await cached(`unknown-${i}`)).toBeUndefined()
    expect(await cached('known')).toBe('ten_a')
    expect(calls.filter((k) => k === 'known')).toHaveLength(1)
  })

  it('stores entries under keyOf(key): the raw key is not kept', async () => {
    const { calls, load } = counted((k) => `tenant-of-${k}`)
    const seen: string[] = []
    const cached = cacheLookup(load, {
      ttlMs: 60_000,
      keyOf: (k) => {
        seen.push(k)
        return k.toLowerCase()
      },
    })
    expect(await cached('KEY')).toBe('tenant-of-KEY')
    // Same digest: answered from the entry stored under it.
    expect(await cached('key')).toBe('tenant-of-KEY')
    expect(calls).toEqual(['KEY'])
    expect(seen).toEqual(['KEY', 'key'])
  })
})
