import { describe, expect, it } from 'vitest'

describe('core package', () => {
  it('loads without side effects', async () => {
    const mod = await import('./index')
    expect(typeof mod).toBe('object')
  })
})
