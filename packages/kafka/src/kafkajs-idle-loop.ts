/**
 * kafkajs 2.2.4 burns CPU on every broker connection: its request queue re-arms a timer after each check
 * for pending requests even when nothing is pending, and arms it with a negative delay when not throttled,
 * so every connection runs a 1 ms `setTimeout` loop for the life of the process (kafkajs issues #1556 and
 * #1704, fix proposed in PR #1667, unreleased). Each service holds several connections (producer, consumer
 * fetch, group coordinator), so this is a constant cost on every stage whether messages flow or not.
 *
 * The replacement below schedules a check only when there is something to check: requests waiting
 * (re-checked every 10 ms, or when the broker's throttle ends) or a throttle in force. Nothing is lost by
 * not polling otherwise: kafkajs already re-checks the queue whenever a request is pushed, answered or
 * times out. Applied once, when this module is first imported, and only to the kafkajs version it was
 * written against.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const CHECK_PENDING_REQUESTS_INTERVAL = 10

interface RequestQueueInternals {
  throttledUntil: number
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null
  pending: unknown[]
  checkPendingRequests(): void
  scheduleCheckPendingRequests(): void
}

/** The kafkajs RequestQueue class (not exported by the package's entry point). */
export function requestQueueClass(): { prototype: RequestQueueInternals } {
  return require('kafkajs/src/network/requestQueue/index.js')
}

function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId) return
  const untilUnthrottled = this.throttledUntil - Date.now()
  let delay: number
  if (this.pending.length > 0)
    delay = untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL
  else if (untilUnthrottled > 0) delay = untilUnthrottled
  else return // nothing waits and nothing throttles: the next push or answer checks again
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null
    this.checkPendingRequests()
  }, delay)
}

let applied: boolean | undefined

/** Replaces the looping scheduler of kafkajs 2.2.4; true when the fix is in place. */
export function fixKafkajsIdleLoop(): boolean {
  if (applied !== undefined) return applied
  const version = (require('kafkajs/package.json') as { version: string }).version
  const queue = requestQueueClass()
  applied = version === '2.2.4' && typeof queue.prototype.scheduleCheckPendingRequests === 'function'
  if (applied) queue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests
  return applied
}
