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
  Store,
} from '@rv/store'
import type { ReviewMetrics } from './lead/review-metrics'
import type { ProxyTrust } from './session/client-address'
import type { BackoffSettings } from './session/sign-in-backoff'

export interface SignInSettings extends BackoffSettings {
  /** Password hashes running at once (32 MiB each); more sign-ins answer 429. */
  hashConcurrency: number
}

export const defaultSignInSettings: SignInSettings = {
  freeFailures: 3,
  baseDelayMs: 1000,
  maxDelayMs: 300_000,
  hashConcurrency: 4,
}

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
    /** Sign-in backoff and the cap on hashes at once (defaults: `defaultSignInSettings`). */
    signIn?: SignInSettings
    /** The proxies trusted to name the client; absent: none (the socket's peer is the client). */
    proxies?: ProxyTrust
  }
  now?: () => Date
}

export type ConsoleRole = 'analyst' | 'lead'

/** The console's repositories, from the store (main.ts, and tests and the storm over the real store). */
export function storeDepsOf(
  store: Store,
): Pick<ConsoleDeps, 'users' | 'queue' | 'decisions' | 'audit' | 'checks' | 'reviews' | 'forgerySet'> {
  return {
    users: store.consoleUsers,
    queue: store.reviewQueue,
    decisions: store.decisions,
    audit: store.audit,
    checks: store.checks,
    reviews: store.reviews,
    forgerySet: store.forgerySet,
  }
}
