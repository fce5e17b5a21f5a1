import { describe, expect, it } from 'vitest'
import { Prng } from './mutate'
import { signInInput, stormAddress } from './sign-in-inputs'

const ctx = { origin: 'http://console.test', analyst: 'analyst@storm.test' }

function byKind() {
  const kinds = new Map<string, ReturnType<typeof signInInput>>()
  for (let i = 0; i < 1000; i++) {
    const req = signInInput(new Prng(i), ctx, i)
    if (!kinds.has(req.name)) kinds.set(req.name, req)
  }
  return kinds
}

describe('signInInput', () => {
  const kinds = byKind()

  it('makes every kind of hostile sign-in', () => {
    expect(kinds.size).toBe(13)
  })

  it('comes from a new address each input, as the proxy appends it (rightmost)', () => {
    expect(new Set(Array.from({ length: 100_000 }, (_, i) => stormAddress(i))).size).toBe(100_000)
    const spoofed = kinds.get('spoofed-forwarded-chain')
    const i = [...Array(1000).keys()].find(
      (k) => signInInput(new Prng(k), ctx, k).name === 'spoofed-forwarded-chain',
    )
    expect(spoofed?.headers['x-forwarded-for']?.split(', ').at(-1)).toBe(stormAddress(i as number))
  })

  it('sends bodies over the 4 KiB limit and foreign origins', () => {
    expect(String(kinds.get('oversized-body')?.body ?? '').length).toBeGreaterThan(4096)
    expect(kinds.get('foreign-origin')?.headers.origin).not.toBe(ctx.origin)
  })
})
