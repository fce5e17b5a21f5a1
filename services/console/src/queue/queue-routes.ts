import { type ReviewQueue, reviewQueues } from '@rv/store'
import { Hono } from 'hono'
import type { ConsoleDeps } from '../console-deps'
import type { SessionEnv } from '../session/require-session'
import { facetCounts, matchesQueueFilter, parseQueueFilter } from './queue-filter'

const escalatedForLeads = 'escalated checks are taken and decided by a lead'

const isQueue = (q: string | undefined): q is ReviewQueue => reviewQueues.includes(q as ReviewQueue)

/**
 * GET /api/queue, POST /api/next, POST /api/checks/:id/claim — always within the session's tenant; an
 * escalated check is claimed by a lead only.
 */
export function queueRoutes(deps: ConsoleDeps) {
  const app = new Hono<SessionEnv>()
  const now = () => deps.now?.() ?? new Date()

  app.get('/queue', async (c) => {
    const s = c.get('session')
    const queue = c.req.query('queue') ?? 'review'
    if (!isQueue(queue)) return c.json({ error: `queue is one of ${reviewQueues.join(', ')}` }, 400)
    const lane = await deps.queue.lane(s.tenant_id, queue)
    const filter = parseQueueFilter(c.req.query())
    const shown = lane.filter((e) => matchesQueueFilter(e, filter))
    const at = now().getTime()
    return c.json({
      queue,
      total: lane.length,
      counts: facetCounts(lane),
      items: shown.map((e) => ({
        check_id: e._id,
        verdict: e.verdict,
        family: e.family,
        bank: e.bank,
        amount: e.amount,
        reasons: e.reasons,
        completed_at: e.completed_at.toISOString(),
        age_seconds: Math.max(0, Math.round((at - e.completed_at.getTime()) / 1000)),
        claimed_by: e.lease_until && e.lease_until.getTime() > at ? e.claimed_by : null,
      })),
    })
  })

  // The oldest check of the queue nobody holds, claimed for the caller.
  app.post('/next', async (c) => {
    const s = c.get('session')
    const queue = c.req.query('queue') ?? (s.role === 'lead' ? 'escalated' : 'review')
    if (!isQueue(queue)) return c.json({ error: 'unknown queue' }, 400)
    if (queue === 'escalated' && s.role !== 'lead') return c.json({ error: escalatedForLeads }, 403)
    for (const entry of await deps.queue.lane(s.tenant_id, queue)) {
      const outcome = await deps.queue.claim(entry, s.email, deps.settings.leaseMs, now())
      if (!outcome.claimed) continue
      await deps.audit.record(
        { tenantId: s.tenant_id, email: s.email, action: 'claim', checkId: entry._id },
        now(),
      )
      return c.json({ check_id: entry._id, lease_until: outcome.until.toISOString() })
    }
    return c.json({ check_id: null })
  })

  app.post('/checks/:id/claim', async (c) => {
    const s = c.get('session')
    const entry = await deps.queue.find(s.tenant_id, c.req.param('id'))
    if (!entry) return c.json({ error: 'no such check in your queues' }, 404)
    // An analyst holding an escalated check would keep the leads from it.
    if (entry.lane.endsWith(':escalated') && s.role !== 'lead')
      return c.json({ error: escalatedForLeads }, 403)
    const outcome = await deps.queue.claim(entry, s.email, deps.settings.leaseMs, now())
    if (!outcome.claimed)
      return c.json(
        { error: `held by ${outcome.heldBy}`, held_by: outcome.heldBy, until: outcome.until },
        409,
      )
    await deps.audit.record(
      { tenantId: s.tenant_id, email: s.email, action: 'claim', checkId: entry._id },
      now(),
    )
    return c.json({ check_id: entry._id, lease_until: outcome.until.toISOString() })
  })
  return app
}
