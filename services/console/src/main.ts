/** Composition root of the review console: config, store, storage, bus, the queue feeder, the HTTP server. */
import { serve } from '@hono/node-server'
import { loadConsoleConfig, readProcessEnv } from '@rv/config'
import { createLogger } from '@rv/logger'
import { renderMetrics, startObservability } from '@rv/observability'
import { createConsumerReadiness, openEventBus, startHealthServer } from '@rv/service-runtime'
import { loadKeyRing, withSignature } from '@rv/signing'
import { createStorage } from '@rv/storage'
import { backfillConsole, connectStore } from '@rv/store'
import { createConsoleApp } from './console-app'
import { storeDepsOf } from './console-deps'
import { startDecisionSweeper } from './decisions/reviewed-outbox'
import { createQueueGauges } from './lead/queue-gauges'
import { createReviewMetrics } from './lead/review-metrics'
import { createQueueFeeder } from './queue/queue-feeder'
import { buildWebAssets } from './web-bundle/web-assets'

const config = loadConsoleConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'console' } })
const observability = startObservability('console', config.observability)
const readiness = createConsumerReadiness()
// The queue gauges are read from the store when scraped (cached), wherever /metrics is served; bound once
// the store is open.
let exposition: () => Promise<{ contentType: string; body: string } | undefined> = async () => undefined
// Before the store and bus, so liveness answers during start-up.
const health = config.health.port === undefined ? undefined : await openHealthServerWithGauges()
const store = await connectStore(config.mongo)
await store.ensureIndexes()
// Rows written before the console's later fields (idempotent; costs what waits in the queues).
logger.info('console backfill', { ...(await backfillConsole(store)) })
const gauges = createQueueGauges({ queue: store.reviewQueue, cacheMs: config.queueMetricsCacheMs, logger })
exposition = async () => {
  if (!observability.metrics) return undefined
  await gauges.update()
  return renderMetrics()
}
const storage = createStorage(config.s3)
const bus = await openEventBus(config, logger, { shutdown: false })

// An erased check, or one of an erased tenant (which leaves no tombstone), never enters the queue again.
const feed = createQueueFeeder(
  store.reviewQueue,
  async (tenantId, checkId) =>
    (await store.tenants.findTenant(tenantId)) === undefined ||
    (await store.tombstones.isDeleted(tenantId, checkId)),
)
readiness.watch(
  await bus.consume({
    groupId: `${config.kafka.groupPrefix}-console`,
    topics: ['check.completed.v1'],
    handle: async ({ value }) => feed(value),
  }),
)

const keyRing = loadKeyRing(config.signing)
// The relay and the sweeper both publish here: each publish is signed then, beside the decision
// (docs/signed-records.md).
const publishReviewed = async (event: Parameters<typeof bus.publish<'check.reviewed.v1'>>[2]) => {
  await bus.publish('check.reviewed.v1', event.check_id, withSignature(keyRing, event))
}
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

// Expired sessions deleted by their hour bucket (the retention job sweeps them too; either finishes the other).
const sessionPurge = setInterval(() => {
  store.expiry
    .sweep(new Date(), { collections: ['console_sessions'] })
    .then((r) => r.deleted > 0 && logger.info('expired console sessions purged', { ...r }))
    .catch((err) => logger.warn('session purge failed', { err }))
}, config.sessionPurgeMs)
sessionPurge.unref()

const app = createConsoleApp(
  {
    ...storeDepsOf(store),
    metrics: createReviewMetrics(),
    // With a health port, /metrics is served there only: the console's own port faces analysts.
    ...(health ? {} : { renderMetrics: () => exposition() }),
    storage,
    publishReviewed,
    settings: {
      publicUrl: config.publicUrl,
      sessionMs: config.sessionMs,
      leaseMs: config.leaseMs,
      signIn: config.signIn,
      proxies: config.proxies,
    },
  },
  await buildWebAssets(),
)

const server = serve({ fetch: app.fetch, hostname: config.http.host, port: config.http.port }, (info) => {
  logger.info('console listening', { url: `http://${config.http.host}:${info.port}` })
})

/** /healthz, /readyz (the queue feeder's consumer running) and /metrics on HEALTH_PORT. */
async function openHealthServerWithGauges() {
  const opened = await startHealthServer({
    host: config.health.host,
    port: config.health.port ?? 0,
    readiness: readiness.readiness,
    metrics: () => exposition(),
  })
  logger.info('health server listening', { url: opened.url })
  return opened
}

async function shutdown(signal: string): Promise<void> {
  logger.info('shutting down', { signal })
  server.close()
  clearInterval(sessionPurge)
  await sweeper.stop()
  await bus.close().catch((err) => logger.warn('bus close failed', { err }))
  await store.close()
  await health?.close()
  await observability.shutdown()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))
