import type { Jwks } from '@rv/signing'
import { Hono } from 'hono'
import type { GatewayEnv } from '../gateway-env'

/**
 * `/.well-known/jwks.json`: the public keys that verify check records (docs/signed-records.md) — the
 * active key and every retired one still kept, each with its `kid`. Public and unauthenticated: anyone
 * holding a record may check it. Cached briefly, so a rotation reaches verifiers within five minutes.
 */
export function jwksRoute(jwks: Jwks) {
  const app = new Hono<GatewayEnv>()
  app.get('/.well-known/jwks.json', (c) => {
    c.header('cache-control', 'public, max-age=300')
    return c.json(jwks, 200)
  })
  return app
}
