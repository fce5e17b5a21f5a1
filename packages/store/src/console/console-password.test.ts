import { describe, expect, it } from 'vitest'
import { hashConsolePassword, verifyConsolePassword } from './console-password'

describe('console passwords', () => {
  it('verifies the password it hashed and refuses another', async () => {
    const stored = await hashConsolePassword('long enough secret')
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await verifyConsolePassword('long enough secret', stored)).toBe(true)
    expect(await verifyConsolePassword('long enough secreT', stored)).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashConsolePassword('same')).not.toBe(await hashConsolePassword('same'))
  })

  it('refuses a malformed stored value', async () => {
    expect(await verifyConsolePassword('x', 'sha256$abc')).toBe(false)
  })
})
