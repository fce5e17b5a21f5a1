/** Composition root of the gateway: config, adapters, app, server, shutdown. */
import { serve } from '@hono/node-server'
import { loadGatewayConfig, readProcessEnv } from '@rv/config'
import { createLogger } from '@rv/logger'
import { startObservability } from '@rv/observability'
import { createErasure, createErasureRegistry, storeParticipants } from '@rv/retention'
import { openEventBus } from '@rv/service-runtime'
import { loadKeyRing } from '@rv/signing'
import { createStorage } from '@rv/storage'
import { connectStore, hashApiKey } from '@rv/store'
import { createApp } from './app'
import { cacheLookup } from './lookup-cache/lookup-cache'
import { createOperatorApp } from './operator-app'

const config = loadGatewayConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'gateway' } })
const observability = startObservability('gateway', config.observability)
const store = await connectStore({ ...config.mongo, idempotencyRetentionMs: config.idempotencyRetentionMs })
await store.ensureIndexes()
const storage = createStorage(config.s3)
await storage.ensure()
const bus = await openEventBus(config, logger, { shutdown: false })

// Every POST and GET authenticates and every POST pins a profile: reuse those answers briefly.
const cache = { ttlMs: config.lookupCacheMs }
const authenticate = cacheLookup((token) => store.tenants.authenticate(token), {
  ...cache,
  keyOf: hashApiKey,
})
const latestProfile = cacheLookup((tenantId) => store.profiles.latest(tenantId, config.profile.name), cache)

const app = createApp({
  logger,
  checks: store.checks,
  decisions: store.decisions,
  tenants: { authenticate },
  idempotency: store.idempotency,
  storage,
  publishSubmitted: (submission, requestId) =>
    bus.publish(
      'check.submitted.v1',
      submission.check_id,
      submission,
      requestId ? { 'request-id': requestId } : {},
    ),
  publishCredits: (events) =>
    bus.publishBatch(
      'credit.received.v1',
      events.map((event) => ({ key: event.tenant_id, value: event })),
    ),
  settlements: store.settlements,
  webhooks: { endpoints: store.webhookEndpoints, deliveries: store.webhookDeliveries },
  limits: config.limits,
  bus: config.bus,
  rateLimit: config.rateLimit,
  concurrency: config.concurrency,
  sharedRateLimit: { ...config.sharedRateLimit, syncWindow: store.rateWindows.syncWindow },
  defaultProfile: config.profile,
  pinProfile: latestProfile,
  tombstones: store.tombstones,
  signing: loadKeyRing(config.signing),
  eraseCheck: createErasure(store, createErasureRegistry(storeParticipants(store, storage))).eraseCheck,
})

const server = serve({ fetch: app.fetch, hostname: config.http.host, port: config.http.port }, (info) => {
  logger.info('gateway listening', { url: `http://${config.http.host}:${info.port}` })
})
// An idle keep-alive connection is closed by the client or the load balancer in front, never by the
// gateway first: Node's default 5 s lets a client reuse a socket the server is closing ("other side
// closed", a 502 behind a load balancer whose idle timeout is 60 s). Headers must be allowed longer still.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
}

// /metrics, /readyz and /healthz on the operator port only: the public port above never serves them.
const probes = { mongo: () => store.ping(), s3: () => storage.ping(), kafka: () => bus.ping() }
const operator = serve(
  {
    fetch: createOperatorApp({ logger, probes }).fetch,
    hostname: config.http.host,
    port: config.operator.port,
  },
  (info) => logger.info('operator port listening', { url: `http://${config.http.host}:${info.port}` }),
)

async function shutdown(signal: string): Promise<void> {
  logger.info('shutting down', { signal })
  server.close()
  operator.close()
  await bus.close().catch((err) => logger.warn('bus close failed', { err }))
  await store.close()
  await observability.shutdown()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))
