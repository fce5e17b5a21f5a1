import { Hono } from 'hono'
import type { ConsoleDeps } from '../console-deps'
import type { SessionEnv } from '../session/require-session'
import { type DecisionInput, recordDecision } from './record-decision'

const kinds = new Set(['genuine', 'forged', 'escalate'])

function parseDecision(body: unknown): DecisionInput | undefined {
  const b = (body ?? {}) as Record<string, unknown>
  if (typeof b.decision !== 'string' || !kinds.has(b.decision)) return undefined
  const reason = typeof b.reason_code === 'string' && b.reason_code ? b.reason_code : null
  const note = typeof b.note === 'string' && b.note.trim() ? b.note.trim().slice(0, 2000) : null
  return { decision: b.decision as DecisionInput['decision'], reason_code: reason, note }
}

/** POST /api/checks/:id/decisions, GET /api/checks/:id/decisions. */
export function decisionRoutes(deps: ConsoleDeps) {
  const app = new Hono<SessionEnv>()

  app.post('/checks/:id/decisions', async (c) => {
    const input = parseDecision(await c.req.json().catch(() => undefined))
    if (!input) return c.json({ error: 'decision is genuine, forged or escalate' }, 400)
    const outcome = await recordDecision(deps, c.get('session'), c.req.param('id'), input)
    if (!outcome.ok) return c.json({ error: outcome.error }, outcome.status)
    return c.json({ ...outcome.event, published: outcome.published, learned: outcome.learned }, 201)
  })

  app.get('/checks/:id/decisions', async (c) => {
    const items = await deps.decisions.list(c.get('session').tenant_id, c.req.param('id'))
    return c.json({ items: items.map(({ _id, tenant_day, ...d }) => d) })
  })
  return app
}
