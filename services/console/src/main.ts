/** Composition root of the review console: config, store, storage, bus, the queue feeder, the HTTP server. */
import { serve } from '@hono/node-server'
import { feederFetch, loadConsoleConfig, readProcessEnv } from '@rv/config'
import type { EventBus, EventValueByTopic } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { type Observability, renderMetrics } from '@rv/observability'
import { runService, type ServiceStart } from '@rv/service-runtime'
import { loadKeyRing, withSignature } from '@rv/signing'
import { createStorage } from '@rv/storage'
import { backfillConsole, connectStore, type Store } from '@rv/store'
import { createConsoleApp } from './console-app'
import { storeDepsOf } from './console-deps'
import { startDecisionSweeper } from './decisions/reviewed-outbox'
import { createQueueGauges } from './lead/queue-gauges'
import { createReviewMetrics } from './lead/review-metrics'
import { storeErasureLook } from './queue/erasure-look'
import { createQueueFeeder } from './queue/queue-feeder'
import { buildWebAssets } from './web-bundle/web-assets'

const config = loadConsoleConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'console' } })
// The queue gauges are read from the store when scraped (cached), wherever /metrics is served; bound once
// the store is open.
let exposition: () => Promise<{ contentType: string; body: string } | undefined> = async () => undefined

// The health server (HEALTH_PORT: /healthz, /readyz while the queue feeder's consumer runs, /metrics) opens
// before the store and bus, so liveness answers during start-up (runService).
await runService({
  name: 'console',
  config,
  logger,
  metrics: () => exposition(),
  start: async (service) => {
    const store = await service.step('store', () => connectStore(config.mongo))
    await service.step('indexes', () => store.ensureIndexes())
    // Rows written before the console's later fields (idempotent; costs what waits in the queues).
    logger.info('console backfill', { ...(await service.step('backfill', () => backfillConsole(store))) })
    exposition = queueExposition(store, service.observability)
    const storage = createStorage(config.s3)
    const bus = await service.openBus()
    // An erased check, or one of an erased tenant (which leaves no tombstone), never enters the queue again.
    const feed = createQueueFeeder(store.reviewQueue, storeErasureLook(store))
    service.watch(
      await service.step('consumer', () =>
        bus.consume({
          groupId: `${config.kafka.groupPrefix}-console`,
          topics: ['check.completed.v1'],
          // A feeder: a fetch waits for a batch rather than answering for each record.
          maxWaitTimeMs: feederFetch.fetchMaxWaitMs,
          minBytes: feederFetch.fetchMinBytes,
          handle: async ({ value }) => feed(value),
        }),
      ),
    )
    const publishReviewed = reviewedPublisher(bus)
    const sweeper = startDecisionSweeper(
      {
        decisions: store.decisions,
        queue: store.reviewQueue,
        audit: store.audit,
        checks: store.checks,
        reviews: store.reviews,
        forgerySet: store.forgerySet,
        publishReviewed,
        logger,
        now: () => new Date(),
        republishAfterMs: config.sweeper.republishAfterMs,
        batch: config.sweeper.batch,
      },
      config.sweeper.intervalMs,
    )
    const sessionPurge = startSessionPurge(store)
    await serveConsole(service, { store, storage, publishReviewed })
    return [() => clearInterval(sessionPurge), () => sweeper.stop(), bus.close, () => store.close()]
  },
})

/** The queue gauges (cached) refreshed before each scrape; nothing while metrics are off. */
function queueExposition(store: Store, observability: Observability): typeof exposition {
  const gauges = createQueueGauges({ queue: store.reviewQueue, cacheMs: config.queueMetricsCacheMs, logger })
  return async () => {
    if (!observability.metrics) return undefined
    await gauges.update()
    return renderMetrics()
  }
}

/**
 * The relay and the sweeper both publish here: each publish is signed then, beside the decision
 * (docs/signed-records.md).
 */
function reviewedPublisher(bus: EventBus) {
  const keyRing = loadKeyRing(config.signing)
  return async (event: EventValueByTopic['check.reviewed.v1']) => {
    await bus.publish('check.reviewed.v1', event.check_id, withSignature(keyRing, event))
  }
}

/** Expired sessions deleted by their hour bucket (the retention job sweeps them too; either finishes the other). */
function startSessionPurge(store: Store): NodeJS.Timeout {
  const sessionPurge = setInterval(() => {
    store.expiry
      .sweep(new Date(), { collections: ['console_sessions'] })
      .then((r) => r.deleted > 0 && logger.info('expired console sessions purged', { ...r }))
      .catch((err) => logger.warn('session purge failed', { err }))
  }, config.sessionPurgeMs)
  sessionPurge.unref()
  return sessionPurge
}

/** The console's own port, for analysts: its app, and /metrics there only without a health port. */
async function serveConsole(
  service: ServiceStart,
  parts: {
    store: Store
    storage: ReturnType<typeof createStorage>
    publishReviewed: ReturnType<typeof reviewedPublisher>
  },
): Promise<void> {
  const app = createConsoleApp(
    {
      ...storeDepsOf(parts.store),
      metrics: createReviewMetrics(),
      // With a health port, /metrics is served there only: the console's own port faces analysts.
      ...(service.health ? {} : { renderMetrics: () => exposition() }),
      storage: parts.storage,
      publishReviewed: parts.publishReviewed,
      settings: {
        publicUrl: config.publicUrl,
        sessionMs: config.sessionMs,
        leaseMs: config.leaseMs,
        signIn: config.signIn,
        proxies: config.proxies,
      },
    },
    await service.step('web assets', buildWebAssets),
  )
  service.serving(
    serve({ fetch: app.fetch, hostname: config.http.host, port: config.http.port }, (info) => {
      logger.info('console listening', { url: `http://${config.http.host}:${info.port}` })
    }),
  )
}
