import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { checkIdParam } from './checks/check-id-param'
import { checkRoutes } from './checks/check-routes'
import type { ConsoleDeps } from './console-deps'
import { decisionRoutes } from './decisions/decision-routes'
import { leadRoutes } from './lead/lead-routes'
import { queueRoutes } from './queue/queue-routes'
import { requireSession, type SessionEnv } from './session/require-session'
import { signInRoutes } from './session/sign-in-routes'
import type { WebAsset } from './web-bundle/web-assets'

/** The largest request body the API reads. */
export const apiBodyLimit = 64 * 1024

const securityHeaders = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' blob: data:; worker-src 'self' blob:; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

/**
 * The console: the API under /api (sign-in open, everything else behind a session and, for state changes,
 * the CSRF guard) and the browser application at /.
 *
 * @example
 * const app = createConsoleApp(deps, await buildWebAssets())
 */
export function createConsoleApp(deps: ConsoleDeps, assets: Map<string, WebAsset>) {
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    for (const [k, v] of Object.entries(securityHeaders)) c.header(k, v)
  })
  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.get('/metrics', async (c) => {
    const exposition = await deps.renderMetrics?.()
    if (!exposition) return c.text('not found', 404)
    return c.body(exposition.body, 200, {
      'content-type': exposition.contentType,
      'cache-control': 'no-store',
    })
  })

  const api = new Hono<SessionEnv>()
  // Bounded before anything reads it (a decision's note is the longest body: 2,000 characters).
  api.use(
    '*',
    bodyLimit({ maxSize: apiBodyLimit, onError: (c) => c.json({ error: 'request body too large' }, 413) }),
  )
  api.route('/', signInRoutes(deps))
  const guarded = new Hono<SessionEnv>()
  guarded.use('*', requireSession(deps))
  guarded.use('/checks/:id', checkIdParam)
  guarded.use('/checks/:id/*', checkIdParam)
  guarded.route('/', queueRoutes(deps))
  guarded.route('/', checkRoutes(deps))
  guarded.route('/', decisionRoutes(deps))
  guarded.route('/', leadRoutes(deps))
  api.route('/', guarded)
  app.route('/api', api)

  app.get('*', (c) => {
    const asset = assets.get(c.req.path) ?? (c.req.path.startsWith('/check/') ? assets.get('/') : undefined)
    if (!asset) return c.text('not found', 404)
    return c.body(asset.body as string, 200, { 'content-type': asset.type, 'cache-control': 'no-cache' })
  })
  return app
}
