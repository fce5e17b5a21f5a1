/** Composition root of the review console: config, store, storage, bus, the queue feeder, the HTTP server. */
import { serve } from '@hono/node-server'
import { loadConsoleConfig, readProcessEnv } from '@rv/config'
import { createLogger } from '@rv/logger'
import { openEventBus } from '@rv/service-runtime'
import { createStorage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createConsoleApp } from './console-app'
import { createReviewMetrics } from './lead/review-metrics'
import { createQueueFeeder } from './queue/queue-feeder'
import { buildWebAssets } from './web-bundle/web-assets'

const config = loadConsoleConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'console' } })
const store = await connectStore(config.mongo)
await store.ensureIndexes()
const storage = createStorage(config.s3)
const bus = await openEventBus(config, logger, { shutdown: false })

const feed = createQueueFeeder(store.reviewQueue)
await bus.consume({
  groupId: `${config.kafka.groupPrefix}-console`,
  topics: ['check.completed.v1'],
  handle: async ({ value }) => feed(value),
})

const app = createConsoleApp(
  {
    users: store.consoleUsers,
    queue: store.reviewQueue,
    decisions: store.decisions,
    audit: store.audit,
    checks: store.checks,
    reviews: store.reviews,
    forgerySet: store.forgerySet,
    metrics: createReviewMetrics(),
    storage,
    publishReviewed: async (event) => {
      await bus.publish('check.reviewed.v1', event.check_id, event)
    },
    settings: {
      publicUrl: config.publicUrl,
      sessionMs: config.sessionMs,
      leaseMs: config.leaseMs,
      signInPerMinute: config.signInPerMinute,
    },
  },
  await buildWebAssets(),
)

const server = serve({ fetch: app.fetch, hostname: config.http.host, port: config.http.port }, (info) => {
  logger.info('console listening', { url: `http://${config.http.host}:${info.port}` })
})

async function shutdown(signal: string): Promise<void> {
  logger.info('shutting down', { signal })
  server.close()
  await bus.close().catch((err) => logger.warn('bus close failed', { err }))
  await store.close()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))
