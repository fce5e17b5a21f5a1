/** The gateway's own sections of configuration: upload and wait limits, the publish bound, rate limits. */
import type { EnvReader } from './env-reader'

export interface UploadLimits {
  maxFileBytes: number
  /** Upper bound of `Prefer: wait=N`. */
  maxWaitSeconds: number
  /** How often a waiting request first re-reads the record; the interval doubles up to `waitPollMaxMs`. */
  waitPollMs: number
  waitPollMaxMs: number
  /** Credit lines one bank statement may carry (`POST /v1/credits/statements`; more: 413). */
  maxStatementLines: number
}

export interface PublishBusConfig {
  timeoutMs: number
  cooldownMs: number
}

export interface RateLimitConfig {
  capacity: number
  refillPerSecond: number
}

export interface SharedRateLimitConfig {
  limit: number
  windowMs: number
  syncMs: number
}

export function readUploadLimits(r: EnvReader): UploadLimits {
  return {
    maxFileBytes: r.int('MAX_FILE_BYTES', {
      doc: 'Largest accepted upload',
      default: 10 * 1024 * 1024,
      min: 1,
    }),
    maxStatementLines: r.int('STATEMENT_MAX_LINES', {
      doc: 'Credit lines one bank statement may carry (POST /v1/credits/statements); more is 413 batch_too_large',
      default: 10_000,
      min: 1,
    }),
    maxWaitSeconds: r.int('MAX_WAIT_SECONDS', {
      doc: 'Largest honoured Prefer: wait',
      default: 30,
      min: 0,
    }),
    waitPollMs: r.int('WAIT_POLL_MS', {
      doc: 'First poll interval of Prefer: wait',
      default: 100,
      min: 10,
    }),
    waitPollMaxMs: r.int('WAIT_POLL_MAX_MS', {
      doc: 'Longest poll interval of Prefer: wait (the interval doubles up to it)',
      default: 1000,
      min: 10,
    }),
  }
}

export function readPublishBus(r: EnvReader): PublishBusConfig {
  return {
    timeoutMs: r.int('PUBLISH_TIMEOUT_MS', {
      doc: 'Longest a POST waits for check.submitted.v1 to be acknowledged',
      default: 3000,
      min: 100,
    }),
    cooldownMs: r.int('BUS_DOWN_COOLDOWN_MS', {
      doc: 'How long a failed publish makes POST answer 503 before trying the bus again',
      default: 5000,
      min: 0,
    }),
  }
}

export function readRateLimit(r: EnvReader): RateLimitConfig {
  return {
    capacity: r.int('RATE_LIMIT_BURST', { doc: 'Requests a tenant may burst', default: 20, min: 1 }),
    refillPerSecond: r.int('RATE_LIMIT_PER_SECOND', {
      doc: 'Sustained requests per second per tenant',
      default: 10,
      min: 1,
    }),
  }
}

export function readSharedRateLimit(r: EnvReader): SharedRateLimitConfig {
  return {
    limit: r.int('RATE_LIMIT_PER_MINUTE', {
      doc: 'Requests per minute per tenant across all gateway instances (counted in the store)',
      default: 600,
      min: 1,
    }),
    windowMs: 60_000,
    syncMs: r.int('RATE_LIMIT_SYNC_MS', {
      doc: 'Least time between two background syncs of the shared limit with the store, per instance (all tenants at once; no request waits for it)',
      default: 250,
      min: 0,
    }),
  }
}
