import type { Logger } from '@rv/logger'
import type { CheckSubmittedV1, CreditReceivedV1, Profile } from '@rv/schemas'
import type { KeyRing } from '@rv/signing'
import type { FileStorage } from '@rv/storage'
import type {
  CheckDecisionRepository,
  CheckRepository,
  CheckTombstones,
  IdempotencyRepository,
  SettlementRepository,
  TenantRepository,
} from '@rv/store'
import type { RateLimitOptions } from './contract/rate-limit/rate-limit'
import type { SharedRateLimitOptions } from './contract/shared-rate-limit/shared-rate-limit'
import type { TenantConcurrencyOptions } from './contract/tenant-concurrency/tenant-concurrency'
import type { WebhookDeps } from './webhooks/webhook-deps'

/** Everything the HTTP app needs from the outside, injected by main.ts (and by tests, with real adapters). */
export interface GatewayDeps {
  logger: Logger
  checks: Pick<CheckRepository, 'insertPending' | 'markPublished' | 'findRecord'>
  tenants: Pick<TenantRepository, 'authenticate'>
  idempotency: Pick<IdempotencyRepository, 'claim' | 'release'>
  storage: Pick<FileStorage, 'put' | 'bucket'>
  /** Publishes check.submitted.v1 (keyed by check id); `requestId` travels as the `request-id` header. */
  publishSubmitted: (submission: CheckSubmittedV1, requestId?: string) => Promise<void>
  /**
   * Settlement (docs/settlement.md): a validated batch of credits goes to credit.received.v1 (keyed by
   * tenant) in as few sends as the bus allows; absent: 503.
   */
  publishCredits?: (events: readonly CreditReceivedV1[]) => Promise<void>
  /** Each check's settlement, read by GET /v1/checks/{id}/settlement and folded into GET /v1/checks/{id}. */
  settlements?: Pick<SettlementRepository, 'findSettlement'>
  /** `waitPollMaxMs`: the longest interval `Prefer: wait` backs off to (default `waitPollMs`: no backoff). */
  /** `maxStatementLines`: credit lines per statement (default `defaultMaxStatementLines`). */
  limits: {
    maxFileBytes: number
    maxWaitSeconds: number
    waitPollMs: number
    waitPollMaxMs?: number
    maxStatementLines?: number
  }
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
  /** Per-tenant limit shared by the replicas, counted in the store; absent: none (contract/shared-rate-limit). */
  sharedRateLimit?: SharedRateLimitOptions
  /** Per-tenant requests in progress; default in contract/tenant-concurrency. */
  concurrency?: TenantConcurrencyOptions
  /**
   * Erases a tenant's check everywhere (@rv/retention `createErasure`); false when it has none such.
   * Absent: no DELETE route.
   */
  eraseCheck?: (tenantId: string, checkId: string) => Promise<boolean>
  /** Erased checks: a GET of one answers 410 `check_deleted`; absent: 404 like any unknown id. */
  tombstones?: Pick<CheckTombstones, 'isDeleted'>
  /** People's decisions from the review console (GET /v1/checks/{id}/decisions); absent: that route answers 404. */
  decisions?: Pick<CheckDecisionRepository, 'list'>
  /** Webhook endpoints and their delivery log (docs/webhooks.md); absent: no webhook routes. */
  webhooks?: Omit<WebhookDeps, 'now'>
  /**
   * Record signing (@rv/signing `loadKeyRing`): GET /v1/checks/{id} carries `RV-Record-Signature`, and
   * /.well-known/jwks.json serves `jwks`. Absent: no header and an empty key set.
   */
  signing?: Pick<KeyRing, 'sign' | 'jwks'>
  now?: () => Date
  newCheckId?: () => string
}
