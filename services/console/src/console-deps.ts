import type { CheckReviewedV1 } from '@rv/schemas'
import type { FileStorage } from '@rv/storage'
import type {
  CheckDecisionRepository,
  CheckRepository,
  ConsoleAuditRepository,
  ConsoleUserRepository,
  ForgerySetRepository,
  ReviewQueueRepository,
  ReviewRepository,
} from '@rv/store'
import type { ReviewMetrics } from './lead/review-metrics'

/** Everything the console's routes use, injected by main.ts (and by tests, over the real stack). */
export interface ConsoleDeps {
  users: ConsoleUserRepository
  queue: ReviewQueueRepository
  decisions: CheckDecisionRepository
  audit: ConsoleAuditRepository
  checks: Pick<CheckRepository, 'findDocument' | 'findRecord'>
  /** The analysts'-accepted checks `fingerprint learn --from-accepted` reads (docs/authenticity.md). */
  reviews: Pick<ReviewRepository, 'accept'>
  /** The tenant's confirmed forgeries (the forgery regression set). */
  forgerySet: Pick<ForgerySetRepository, 'add'>
  storage: Pick<FileStorage, 'get'>
  publishReviewed: (event: CheckReviewedV1) => Promise<void>
  /** Counts decisions for the metrics (lead/review-metrics.ts); absent: not counted. */
  metrics?: Pick<ReviewMetrics, 'decided'>
  /** GET /metrics on the console's port (the queue gauges updated first); absent: 404 (HEALTH_PORT serves it). */
  renderMetrics?: () => Promise<{ contentType: string; body: string } | undefined>
  settings: {
    /** The console's public address: its origin is the only one allowed to change state. */
    publicUrl: string
    sessionMs: number
    leaseMs: number
    signInPerMinute: number
  }
  now?: () => Date
}

export type ConsoleRole = 'analyst' | 'lead'
