import type { ApiKeyScope } from '@rv/store'

/**
 * The scope each route under `/v1` needs — one table, so a reader finds every rule in one place and a test
 * (app-scopes.test.ts) fails when a route is added without one. schemas/openapi.yaml names the same scope on
 * each operation (`security: [bearerAuth: [scope]]`).
 */
export const routeScopes: readonly { method: string; path: string; scope: ApiKeyScope }[] = [
  { method: 'POST', path: '/v1/checks', scope: 'checks:write' },
  { method: 'GET', path: '/v1/checks/:id', scope: 'checks:read' },
  { method: 'GET', path: '/v1/checks/:id/settlement', scope: 'checks:read' },
  { method: 'GET', path: '/v1/checks/:id/decisions', scope: 'checks:read' },
  { method: 'POST', path: '/v1/credits', scope: 'credits:write' },
  { method: 'POST', path: '/v1/credits/statements', scope: 'credits:write' },
  { method: 'DELETE', path: '/v1/checks/:id', scope: 'erase' },
]
