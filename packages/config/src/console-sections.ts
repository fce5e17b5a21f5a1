/** The console's own sections of configuration: sign-in backoff, trusted proxies, the review outbox sweeper. */
import type { EnvReader } from './env-reader'

/** Sign-in backoff per account and per client address, and the cap on password hashes at once. */
export function readSignIn(r: EnvReader): ConsoleSignInConfig {
  return {
    freeFailures: r.int('CONSOLE_SIGNIN_FREE_FAILURES', {
      doc: 'Failed console sign-ins per account and per client address before any delay',
      default: 3,
      min: 0,
    }),
    baseDelayMs: r.int('CONSOLE_SIGNIN_BASE_DELAY_MS', {
      doc: 'The first sign-in delay after the free failures; each further failure doubles it',
      default: 1000,
      min: 1,
    }),
    maxDelayMs:
      r.int('CONSOLE_SIGNIN_MAX_DELAY_SECONDS', {
        doc: 'The longest sign-in delay (never a lock-out, only a wait)',
        default: 300,
        min: 1,
      }) * 1000,
    hashConcurrency: r.int('CONSOLE_HASH_CONCURRENCY', {
      doc: 'Password hashes (scrypt, 32 MiB each) running at once per console process; more answer 429',
      default: 4,
      min: 1,
    }),
  }
}

/** The proxies whose `X-Forwarded-For` entries name the client (none: the socket's peer is the client). */
export function readTrustedProxies(r: EnvReader): TrustedProxiesConfig {
  return {
    hops: r.int('CONSOLE_TRUSTED_PROXY_HOPS', {
      doc: 'Proxies in front of the console whose X-Forwarded-For entry names the client (0: none)',
      default: 0,
      min: 0,
      max: 10,
    }),
    cidrs: (
      r.optionalString('CONSOLE_TRUSTED_PROXIES', {
        doc: 'Comma-separated addresses or CIDRs of trusted proxies (X-Forwarded-For walked back through them)',
      }) ?? ''
    )
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  }
}

/** The outbox of check.reviewed.v1 (docs/console.md). */
export function readReviewSweeper(r: EnvReader): ReviewSweeperConfig {
  return {
    intervalMs: r.int('CONSOLE_SWEEP_INTERVAL_MS', {
      doc: 'Period of the console’s sweeper of unpublished decisions',
      default: 5000,
      min: 100,
    }),
    republishAfterMs: r.int('CONSOLE_REPUBLISH_AFTER_MS', {
      doc: 'Age of a decision still unpublished that the sweeper publishes again',
      default: 10_000,
      min: 0,
    }),
    batch: r.int('CONSOLE_REPUBLISH_BATCH', {
      doc: 'Unpublished decisions republished per sweep at most',
      default: 100,
      min: 1,
    }),
  }
}

export interface ConsoleSignInConfig {
  freeFailures: number
  baseDelayMs: number
  maxDelayMs: number
  hashConcurrency: number
}

export interface TrustedProxiesConfig {
  hops: number
  cidrs: string[]
}

export interface ReviewSweeperConfig {
  intervalMs: number
  republishAfterMs: number
  batch: number
}
