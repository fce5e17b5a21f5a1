import type { Logger } from '@rv/logger'
import type { CheckSubmittedV1, Profile } from '@rv/schemas'
import type { FileStorage } from '@rv/storage'
import type {
  CheckDecisionRepository,
  CheckRepository,
  IdempotencyRepository,
  TenantRepository,
} from '@rv/store'
import type { RateLimitOptions } from './contract/rate-limit/rate-limit'

/** Everything the HTTP app needs from the outside, injected by main.ts (and by tests, with real adapters). */
export interface GatewayDeps {
  logger: Logger
  checks: Pick<CheckRepository, 'insertPending' | 'markPublished' | 'findRecord'>
  tenants: Pick<TenantRepository, 'authenticate'>
  idempotency: Pick<IdempotencyRepository, 'claim' | 'release'>
  storage: Pick<FileStorage, 'put' | 'bucket'>
  /** Publishes check.submitted.v1 (keyed by check id); `requestId` travels as the `request-id` header. */
  publishSubmitted: (submission: CheckSubmittedV1, requestId?: string) => Promise<void>
  /** Reachability of each dependency, for /readyz. */
  probes: Record<string, () => Promise<void>>
  limits: { maxFileBytes: number; maxWaitSeconds: number; waitPollMs: number }
  defaultProfile: { name: string; version: number }
  /**
   * The profile a new check of this tenant is pinned to (its latest version), in full: its required
   * expectation members are enforced before anything is stored. `defaultProfile` when absent.
   */
  pinProfile?: (tenantId: string) => Promise<Profile | undefined>
  /** Bound of a publish and how long a bus found down refuses submissions (contract/bus-breaker). */
  bus?: { timeoutMs: number; cooldownMs: number }
  /** Per-tenant token bucket; defaults in contract/rate-limit. */
  rateLimit?: RateLimitOptions
  /** People's decisions from the review console (GET /v1/checks/{id}/decisions); absent: that route answers 404. */
  decisions?: Pick<CheckDecisionRepository, 'list'>
  now?: () => Date
  newCheckId?: () => string
}
