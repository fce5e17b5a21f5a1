import { fingerprints as builtin, type Fingerprint } from '@rv/core'
import { describe, expect, it } from 'vitest'
import { createFingerprintCache } from './fingerprint-cache'

const stored = (version: string): Fingerprint => ({ ...builtin['vtb']!, version })

describe('fingerprint cache', () => {
  it('serves the committed fingerprints until a stored version is active, then overlays it', async () => {
    let active: Record<string, Fingerprint> = {}
    const changes: unknown[] = []
    const cache = createFingerprintCache({
      loadActive: async () => active,
      onChange: (c) => changes.push(...c),
    })
    expect(cache.registry()).toEqual(builtin)
    active = { vtb: stored('v2') }
    // Nothing changes between refreshes: a message never triggers a store read.
    expect(cache.registry()['vtb']?.version).toBeUndefined()
    await cache.refresh()
    expect(cache.registry()['vtb']?.version).toBe('v2')
    expect(cache.registry()['alfa']).toBe(builtin['alfa'])
    expect(changes).toEqual([{ family: 'vtb', from: 'builtin', to: 'v2' }])
    active = {}
    await cache.refresh()
    expect(cache.registry()['vtb']).toBe(builtin['vtb'])
  })

  it('keeps the last good view when a refresh fails', async () => {
    let fail = false
    const cache = createFingerprintCache({
      loadActive: async () => {
        if (fail) throw new Error('store down')
        return { vtb: stored('v3') }
      },
    })
    await cache.refresh()
    fail = true
    await expect(cache.refresh()).rejects.toThrow('store down')
    expect(cache.registry()['vtb']?.version).toBe('v3')
  })
})
