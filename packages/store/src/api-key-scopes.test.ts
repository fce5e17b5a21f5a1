import { describe, expect, it } from 'vitest'
import { apiKeyScopes, parseApiKeyScopes, scopesOfKey } from './api-key-scopes'

describe('API key scopes', () => {
  it('parses a list in canonical order and refuses unknown or empty ones', () => {
    expect(parseApiKeyScopes('erase, checks:read')).toEqual(['checks:read', 'erase'])
    expect(() => parseApiKeyScopes('checks:read,admin')).toThrow(/unknown scope admin/)
    expect(() => parseApiKeyScopes(' , ')).toThrow(/at least one scope/)
  })

  it('gives a key issued before scopes every scope, and a scoped key its own only', () => {
    expect(scopesOfKey({})).toEqual([...apiKeyScopes])
    expect(scopesOfKey({ scopes: ['checks:read'] })).toEqual(['checks:read'])
    expect(scopesOfKey({ scopes: [] })).toEqual([])
  })
})
