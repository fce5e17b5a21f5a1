import { reviewQueues } from '@rv/store'
import { Hono } from 'hono'
import type { ConsoleDeps } from '../console-deps'
import { requireLead, type SessionEnv } from '../session/require-session'
import { leadStats } from './lead-stats'

const dayMs = 24 * 60 * 60 * 1000

/** GET /api/lead/stats?days=N (leads only): one indexed query per lane and per day (N ≤ 31). */
export function leadRoutes(deps: ConsoleDeps) {
  const app = new Hono<SessionEnv>()
  app.get('/lead/stats', requireLead, async (c) => {
    const s = c.get('session')
    const now = deps.now?.() ?? new Date()
    const days = Math.min(31, Math.max(1, Number(c.req.query('days') ?? 7) || 7))
    const lanes = Object.fromEntries(
      await Promise.all(reviewQueues.map(async (q) => [q, await deps.queue.lane(s.tenant_id, q)] as const)),
    )
    const decisions = (
      await Promise.all(
        Array.from({ length: days }, (_, k) =>
          deps.decisions.ofDay(s.tenant_id, new Date(now.getTime() - k * dayMs)),
        ),
      )
    ).flat()
    return c.json({ days, ...leadStats(lanes, decisions, now) })
  })
  return app
}
