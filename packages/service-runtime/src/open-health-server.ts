/**
 * The health server of a consumer service from its configuration: none when HEALTH_PORT is unset (so
 * several services on one host never collide), its bound URL logged, and closed when the process is told
 * to stop (the same signals as the bus's own shutdown handler). It serves /metrics too, once the service
 * enabled metrics (`startObservability`), or what the service's own `metrics` answers.
 */
import type { HealthConfig } from '@rv/config'
import type { EventBusOptions } from '@rv/kafka'
import type { Logger } from '@rv/logger'
import { renderMetrics } from '@rv/observability'
import {
  type HealthServer,
  type HealthServerOptions,
  type Readiness,
  startHealthServer,
} from './health-server'

/**
 * @example
 * const health = await openHealthServer(config.health, ready.readiness, logger)
 * // a service that orchestrates its own shutdown closes it itself:
 * const health = await openHealthServer(config.health, ready.readiness, logger, false)
 * await health?.close()
 * // a service whose /metrics adds gauges read when scraped (the console's queues):
 * const health = await openHealthServer(config.health, ready.readiness, logger, false, () => exposition())
 */
export async function openHealthServer(
  config: HealthConfig | undefined,
  readiness: () => Readiness,
  logger: Logger,
  shutdown: EventBusOptions['shutdown'] = {},
  metrics: HealthServerOptions['metrics'] = renderMetrics,
): Promise<HealthServer | undefined> {
  if (config?.port === undefined) return undefined
  const server = await startHealthServer({
    host: config.host,
    port: config.port,
    readiness,
    metrics,
  })
  logger.info('health server listening', {
    url: server.url,
    healthz: '/healthz',
    readyz: '/readyz',
    metrics: '/metrics',
  })
  if (shutdown !== false) {
    const close = () =>
      void server.close().catch((err: unknown) => logger.warn('health server close failed', { err }))
    for (const signal of shutdown.signals ?? ['SIGTERM', 'SIGINT']) process.once(signal, close)
  }
  return server
}
