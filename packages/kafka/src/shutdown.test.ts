import { describe, expect, it } from 'vitest'
import { TimeoutError, withTimeout } from './shutdown'

describe('withTimeout', () => {
  it('resolves with the work when it finishes', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, 'work')).resolves.toBe(7)
  })

  it('rejects with TimeoutError when the work never finishes', async () => {
    await expect(withTimeout(new Promise(() => undefined), 5, 'work')).rejects.toBeInstanceOf(TimeoutError)
  })

  it('passes the work failure through', async () => {
    await expect(withTimeout(Promise.reject(new Error('boom')), 1000, 'work')).rejects.toThrow('boom')
  })
})
