import { generateSigningJwk, toPublicJwk } from '@rv/signing'
import { describe, expect, it } from 'vitest'
import { jwksRoute } from './jwks-route'

describe('GET /.well-known/jwks.json', () => {
  it('serves the key set, public members only, cacheable for five minutes, without authentication', async () => {
    const jwks = { keys: [toPublicJwk(generateSigningJwk()), toPublicJwk(generateSigningJwk())] }
    const res = await jwksRoute(jwks).request('/.well-known/jwks.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    const body = (await res.json()) as typeof jwks
    expect(body).toEqual(jwks)
    for (const key of body.keys)
      expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x'])
  })
})
