/**
 * A console process that dies between storing a decision and publishing it (reviewed-outbox.int.test.ts):
 * it records a forged decision on the check named by argv through the console's own `recordDecision`, with
 * a publish that announces itself on stdout and never completes; the test kills it there (SIGKILL).
 * Environment: MONGODB_URL, MONGODB_DB.
 */
import { connectStore } from '@rv/store'
import { recordDecision } from '../src/decisions/record-decision'

const [checkId, tenantId] = process.argv.slice(2) as [string, string]
const store = await connectStore({
  url: process.env.MONGODB_URL ?? '',
  database: process.env.MONGODB_DB ?? '',
})
const now = new Date()
await recordDecision(
  {
    users: store.consoleUsers,
    queue: store.reviewQueue,
    decisions: store.decisions,
    audit: store.audit,
    checks: store.checks,
    reviews: store.reviews,
    forgerySet: store.forgerySet,
    storage: { get: async () => new Uint8Array() } as never,
    publishReviewed: () => {
      process.stdout.write('publishing\n')
      return new Promise<void>(() => undefined)
    },
    settings: { publicUrl: 'http://127.0.0.1', sessionMs: 60_000, leaseMs: 60_000, signInPerMinute: 5 },
  },
  {
    email: 'analyst@outbox.test',
    tenant_id: tenantId,
    role: 'analyst',
    csrf: 'x',
    created_at: now,
    expires_at: new Date(now.getTime() + 60_000),
  },
  checkId,
  { decision: 'forged', reason_code: 'edited_values', note: null },
)
