/**
 * Works the due deliveries (docs/webhooks.md): every `intervalMs`, and at once when the handler stored
 * new ones (`kick`), reads what is due and starts an attempt for each while fewer than `concurrency` are
 * in flight. A delivery goes out only as the head of its lane (the earliest pending event of its check on
 * its endpoint); a later one is parked until the head ends. Each attempt holds a lease longer than a
 * request can take, so a process killed mid-attempt leaves the delivery due again once the lease ends.
 */
import { randomUUID } from 'node:crypto'
import type { WebhookDeliveryDocument } from '@rv/store'
import { attemptDelivery, type DeliveryDeps } from './attempt-delivery'

export interface SweeperOptions {
  intervalMs: number
  batch: number
  concurrency: number
  /** How long an attempt holds its delivery: longer than a request (timeout) and its store writes. */
  leaseMs: number
  /** When a parked delivery looks at its lane again if nothing woke it. */
  recheckMs: number
}

export interface DeliverySweeper {
  /** Looks for due deliveries now (new ones were stored). */
  kick(): void
  /** Stops looking and waits for the attempts in flight. */
  stop(): Promise<void>
}

export function startDeliverySweeper(deps: DeliveryDeps, options: SweeperOptions): DeliverySweeper {
  const inFlight = new Set<Promise<void>>()
  let stopped = false
  let running = false
  let again = false

  const attempt = async (doc: WebhookDeliveryDocument) => {
    const head = await deps.deliveries.headOfLane(doc.lane)
    if (head && head._id !== doc._id) {
      await deps.deliveries.block(doc, new Date(deps.now().getTime() + options.recheckMs))
      // The head may have ended between the read and the parking: wake whoever leads now.
      await deps.deliveries.wakeLane(doc.lane, deps.now())
      return
    }
    const token = randomUUID()
    const leased = await deps.deliveries.lease(doc, token, new Date(deps.now().getTime() + options.leaseMs))
    if (leased) await attemptDelivery(leased, token, deps)
  }

  const start = (doc: WebhookDeliveryDocument) => {
    const task: Promise<void> = attempt(doc)
      .catch((err) => deps.logger.warn('webhook attempt failed', { err, delivery_id: doc._id }))
      .finally(() => {
        inFlight.delete(task)
        if (!stopped) kick()
      })
    inFlight.add(task)
  }

  const round = async () => {
    const room = options.concurrency - inFlight.size
    if (room <= 0) return
    const due = await deps.deliveries.due(deps.now(), Math.min(options.batch, room))
    // One per lane per round: the others of a lane wait for its head anyway.
    const lanes = new Set<string>()
    for (const doc of due) {
      if (lanes.has(doc.lane) || stopped) continue
      lanes.add(doc.lane)
      start(doc)
    }
  }

  function kick(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = true
    void round()
      .catch((err) => deps.logger.warn('webhook sweep failed', { err }))
      .finally(() => {
        running = false
        if (again) {
          again = false
          kick()
        }
      })
  }

  const timer = setInterval(kick, options.intervalMs)
  kick()
  return {
    kick,
    async stop() {
      stopped = true
      clearInterval(timer)
      await Promise.allSettled([...inFlight])
    },
  }
}
