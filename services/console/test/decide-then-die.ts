/**
 * A console process that dies after storing a decision: it records a forged decision on the check named by
 * argv through the console's own `recordDecision`, and hangs at the step named by the third argument —
 * `publish` (default: side effects done, the publish announces itself and never completes;
 * reviewed-outbox.int.test.ts) or `settle` (the first side effect, closing the queue entry, announces itself
 * and never completes; decision-side-effects.int.test.ts); the test kills it there (SIGKILL).
 * Environment: MONGODB_URL, MONGODB_DB.
 */
import { connectStore } from '@rv/store'
import { recordDecision } from '../src/decisions/record-decision'

const [checkId, tenantId, stage = 'publish'] = process.argv.slice(2) as [string, string, string?]
const hang = (step: string) => () => {
  process.stdout.write(`${step}\n`)
  return new Promise<void>(() => undefined)
}
const store = await connectStore({
  url: process.env.MONGODB_URL ?? '',
  database: process.env.MONGODB_DB ?? '',
})
const now = new Date()
await recordDecision(
  {
    users: store.consoleUsers,
    queue: stage === 'settle' ? { ...store.reviewQueue, close: hang('settling') } : store.reviewQueue,
    decisions: store.decisions,
    audit: store.audit,
    checks: store.checks,
    reviews: store.reviews,
    forgerySet: store.forgerySet,
    storage: { get: async () => new Uint8Array() } as never,
    publishReviewed: hang('publishing'),
    settings: { publicUrl: 'http://127.0.0.1', sessionMs: 60_000, leaseMs: 60_000 },
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
