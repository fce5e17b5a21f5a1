/** Composition root of the gateway: config, adapters, app, server, shutdown. */
import { serve } from '@hono/node-server'
import { loadGatewayConfig, readProcessEnv } from '@rv/config'
import type { EventBus } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { createErasure, createErasureRegistry, storeParticipants } from '@rv/retention'
import { runService, type ServiceStart } from '@rv/service-runtime'
import { loadKeyRing } from '@rv/signing'
import { createStorage, type FileStorage } from '@rv/storage'
import { connectStore, hashApiKey, type Store } from '@rv/store'
import { createApp } from './app'
import { cacheLookup } from './lookup-cache/lookup-cache'
import { createOperatorApp } from './operator-app'

const config = loadGatewayConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'gateway' } })
// Both ports stop accepting first at shutdown, then the bus and the store close (runService).
await runService({
  name: 'gateway',
  config,
  logger,
  start: async (service) => {
    const store = await service.step('store', () =>
      connectStore({
        ...config.mongo,
        idempotencyRetentionMs: config.idempotencyRetentionMs,
      }),
    )
    await service.step('indexes', () => store.ensureIndexes())
    const storage = createStorage(config.s3)
    await storage.ensure()
    const bus = await service.openBus()

    const app = gatewayApp(store, storage, bus)
    servePorts(service, app, { mongo: () => store.ping(), s3: () => storage.ping(), kafka: () => bus.ping() })
    return [bus.close, () => store.close()]
  },
})

/** The public API over the store, storage and bus. */
function gatewayApp(store: Store, storage: FileStorage, bus: EventBus) {
  // Every POST and GET authenticates and every POST pins a profile: reuse those answers briefly.
  const cache = { ttlMs: config.lookupCacheMs }
  const authenticate = cacheLookup((token) => store.tenants.authenticate(token), {
    ...cache,
    keyOf: hashApiKey,
  })
  const latestProfile = cacheLookup((tenantId) => store.profiles.latest(tenantId, config.profile.name), cache)

  return createApp({
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
}

/** The public port and the operator port, both closed first at shutdown. */
function servePorts(
  service: ServiceStart,
  app: ReturnType<typeof createApp>,
  probes: Record<string, () => Promise<void>>,
): void {
  const server = service.serving(
    serve({ fetch: app.fetch, hostname: config.http.host, port: config.http.port }, (info) => {
      logger.info('gateway listening', { url: `http://${config.http.host}:${info.port}` })
    }),
  )
  // An idle keep-alive connection is closed by the client or the load balancer in front, never by the
  // gateway first: Node's default 5 s lets a client reuse a socket the server is closing ("other side
  // closed", a 502 behind a load balancer whose idle timeout is 60 s). Headers must be allowed longer still.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }

  // /metrics, /readyz and /healthz on the operator port only: the public port above never serves them.
  service.serving(
    serve(
      {
        fetch: createOperatorApp({ logger, probes }).fetch,
        hostname: config.http.host,
        port: config.operator.port,
      },
      (info) => logger.info('operator port listening', { url: `http://${config.http.host}:${info.port}` }),
    ),
  )
}
