/**
 * When a failed webhook delivery is tried again (docs/webhooks.md): exponential backoff from `baseMs`,
 * doubled per attempt and capped at `maxDelayMs`, with equal jitter (half fixed, half random) so the
 * deliveries of an endpoint that was down do not return in one wave; given up once the next attempt would
 * fall after `horizonMs` from the first one (three days by default).
 */

export interface WebhookSchedule {
  baseMs: number
  maxDelayMs: number
  horizonMs: number
}

export const defaultWebhookSchedule: WebhookSchedule = {
  baseMs: 30_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  horizonMs: 3 * 24 * 60 * 60 * 1000,
}

export type NextAttempt = { retry: true; atMs: number } | { retry: false; reason: 'retries_exhausted' }

/** The delay after failed attempt `attempt` (1-based) before jitter: base·2^(attempt−1), capped. */
export function backoffCeilingMs(attempt: number, schedule: WebhookSchedule): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40)
  return Math.min(schedule.maxDelayMs, schedule.baseMs * 2 ** exponent)
}

/**
 * @example
 * nextAttempt({ attempt: 1, firstAttemptMs: t0, nowMs: t0, random: Math.random() }, defaultWebhookSchedule)
 * // { retry: true, atMs: t0 + 15 000 … 30 000 }
 */
export function nextAttempt(
  input: { attempt: number; firstAttemptMs: number; nowMs: number; random: number },
  schedule: WebhookSchedule = defaultWebhookSchedule,
): NextAttempt {
  const ceiling = backoffCeilingMs(input.attempt, schedule)
  const random = Math.min(Math.max(input.random, 0), 1)
  const atMs = input.nowMs + Math.round(ceiling / 2 + (ceiling / 2) * random)
  if (atMs > input.firstAttemptMs + schedule.horizonMs) return { retry: false, reason: 'retries_exhausted' }
  return { retry: true, atMs }
}

/**
 * An endpoint that has failed every attempt since `failingSinceMs` is disabled once that streak is
 * `disableAfterMs` long (any success ends the streak).
 */
export function shouldDisableEndpoint(input: {
  failingSinceMs: number | null
  nowMs: number
  disableAfterMs: number
}): boolean {
  return input.failingSinceMs !== null && input.nowMs - input.failingSinceMs >= input.disableAfterMs
}
