/**
 * Every route under /v1 is held to its scope (route-scopes.ts): a key lacking it gets 403
 * `insufficient_scope` in the api-error body before the route does anything, a key holding it gets past.
 */
import { createLogger } from '@rv/logger'
import type { ApiErrorResponse } from '@rv/schemas'
import { createOpenApiContract } from '@rv/schemas/openapi'
import { apiKeyScopes } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { GatewayDeps } from '../gateway-deps'
import { routeScopes } from './route-scopes'

const contract = createOpenApiContract()
const openApiPath = (path: string) => path.replace(':id', '{id}')
const checkId = 'chk_01JA2B3C4D5E6F7G8H9J0K'
// A key's token named after its scopes (base62 only, as a key is shaped).
const tokenOf = (scopes: readonly string[]) =>
  `rvk_live_${apiKeyScopes
    .map((s) => (scopes.includes(s) ? '1' : '0'))
    .join('')
    .padEnd(40, 'A')}`

function appWith(keys: readonly (readonly string[])[]) {
  const byToken = new Map(keys.map((scopes) => [tokenOf(scopes), scopes]))
  const unused = () => Promise.reject(new Error('not used by this test'))
  return createApp({
    logger: createLogger({ level: 'silent' }),
    checks: { insertPending: unused, markPublished: unused, findRecord: async () => undefined },
    tenants: {
      authenticate: async (token: string) => {
        const scopes = byToken.get(token)
        return scopes ? { _id: 'ten_a', name: 'a', created_at: new Date(0), scopes: [...scopes] } : undefined
      },
    },
    idempotency: { claim: unused, release: unused },
    storage: { put: unused, bucket: 'b' },
    publishSubmitted: unused,
    limits: { maxFileBytes: 1024, maxWaitSeconds: 1, waitPollMs: 50 },
    defaultProfile: { name: 'default', version: 1 },
    eraseCheck: async () => false,
    rateLimit: { capacity: 10_000, refillPerSecond: 10_000 },
  } as unknown as GatewayDeps)
}

const request = (method: string, path: string, token: string) =>
  new Request(`http://gateway${path.replace(':id', checkId)}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  })

describe('scopes per route', () => {
  it.each(routeScopes)('$method $path needs $scope', async ({ method, path, scope }) => {
    const without = apiKeyScopes.filter((s) => s !== scope)
    const app = appWith([without, [scope]])
    const refused = await app.fetch(request(method, path, tokenOf(without)))
    expect(refused.status).toBe(403)
    expect(refused.headers.get('www-authenticate')).toContain(`scope="${scope}"`)
    const body = (await refused.json()) as ApiErrorResponse
    expect(body.error).toMatchObject({
      type: 'permission_error',
      code: 'insufficient_scope',
      param: scope,
      retryable: false,
    })
    expect(body.error.request_id).toBeTruthy()
    expect(contract.checkResponse(method, openApiPath(path), 403, body)).toEqual({
      documentedAs: '403',
      errors: [],
    })
    const allowed = await app.fetch(request(method, path, tokenOf([scope])))
    expect(allowed.status).not.toBe(403)
    expect(allowed.status).not.toBe(401)
  })

  it('names the same scope on each operation of the OpenAPI document', () => {
    const paths = contract.document['paths'] as Record<string, Record<string, { security?: unknown }>>
    for (const { method, path, scope } of routeScopes) {
      expect(paths[openApiPath(path)]?.[method.toLowerCase()]?.security).toEqual([{ bearer: [scope] }])
    }
  })

  it('names a scope for every /v1 route the app serves', () => {
    const app = appWith([])
    const served = new Set(
      app.routes
        .filter((r) => r.path.startsWith('/v1/') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    )
    expect([...served].sort()).toEqual(routeScopes.map((r) => `${r.method} ${r.path}`).sort())
  })
})
