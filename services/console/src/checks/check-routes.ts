import { Hono } from 'hono'
import type { ConsoleDeps } from '../console-deps'
import type { SessionEnv } from '../session/require-session'
import { toCheckView } from './check-view'
import { storedLocations } from './stored-locations'

/**
 * GET /api/checks/:id, /file and /audit — another tenant's check is a 404, like a missing one; opening a
 * check and reading its file are audited.
 */
export function checkRoutes(deps: ConsoleDeps) {
  const app = new Hono<SessionEnv>()

  async function load(tenantId: string, id: string) {
    const record = await deps.checks.findRecord(tenantId, id)
    if (!record) return undefined
    const doc = await deps.checks.findDocument(id)
    return {
      record,
      submission: (doc?.submission ?? {}) as Parameters<typeof toCheckView>[1],
      locations: storedLocations(doc?.stages),
    }
  }

  app.get('/checks/:id', async (c) => {
    const s = c.get('session')
    const found = await load(s.tenant_id, c.req.param('id'))
    if (!found) return c.json({ error: 'no such check' }, 404)
    const decisions = await deps.decisions.list(s.tenant_id, found.record.id)
    const entry = await deps.queue.find(s.tenant_id, found.record.id)
    const holder = entry ? await deps.queue.holder(entry, deps.now?.()) : undefined
    await deps.audit.record(
      { tenantId: s.tenant_id, email: s.email, action: 'view', checkId: found.record.id },
      deps.now?.(),
    )
    return c.json({
      ...toCheckView(found.record, found.submission, decisions, found.locations),
      queue: entry ? { lane: entry.lane.split(':')[1], held_by: holder ?? null } : null,
    })
  })

  // The file, read from S3 by the console (never a public URL), and the view audited.
  app.get('/checks/:id/file', async (c) => {
    const s = c.get('session')
    const found = await load(s.tenant_id, c.req.param('id'))
    const key = (found?.submission.file as { key?: string } | undefined)?.key
    if (!found || !key) return c.json({ error: 'no such file' }, 404)
    const bytes = await deps.storage.get(key)
    await deps.audit.record(
      { tenantId: s.tenant_id, email: s.email, action: 'view-file', checkId: found.record.id },
      deps.now?.(),
    )
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': found.submission.file?.content_type ?? 'application/octet-stream',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    })
  })

  app.get('/checks/:id/audit', async (c) => {
    const s = c.get('session')
    const entries = await deps.audit.ofCheck(s.tenant_id, c.req.param('id'))
    return c.json({
      items: entries.map((e) => ({
        email: e.email,
        action: e.action,
        check_id: e.check_id,
        detail: e.detail,
        at: e.at,
      })),
    })
  })
  return app
}
