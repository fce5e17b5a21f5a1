/**
 * The life of a service that is more than one stage consumer — a consumer of several topics with a sweeper
 * (aggregator, settlement, webhooks), or an HTTP server with or without a consumer beside it (console,
 * gateway). The runtime owns what they all repeat; the service's `start` supplies only its own wiring.
 *
 * Start-up: metrics and tracing (`startObservability`), then the health server on HEALTH_PORT (/healthz,
 * /readyz, /metrics) before anything slow, so liveness answers while the store and bus open and /readyz
 * says `consumer_starting` until `watch` is given the consumer; then `start`, whose steps (`step`) are named in a
 * warning every 15 s while start-up takes long. SIGTERM/SIGINT are handled
 * only once `start` has finished (a signal during start-up ends the process as the default action does).
 *
 * Shutdown, on SIGTERM or SIGINT: log `shutting down`, close the HTTP servers handed to `serving` (stop
 * accepting, in the order given), then run `start`'s stop list in its order (sweepers, the bus, the store —
 * each service knows which must stop before which), then the health server, then observability (flushes
 * spans), and exit 0. The bus opened by `openBus` logs a failed close instead of failing the shutdown.
 */
import type { HealthConfig, ObservabilityConfig } from '@rv/config'
import type { ConsumerHandle, EventBus } from '@rv/kafka'
import type { Logger } from '@rv/logger'
import { type Observability, renderMetrics, startObservability } from '@rv/observability'
import { createConsumerReadiness } from './consumer-readiness'
import type { HealthServer, HealthServerOptions } from './health-server'
import { type BusConfig, openEventBus } from './open-event-bus'
import { openHealthServer } from './open-health-server'
import { watchStartup } from './startup-watch'

export interface ServiceOptions {
  /** The service's name: metrics' `service` label and the tracer's service name. */
  name: string
  /** `health` absent or its port undefined: no health server (the gateway has its operator port). */
  config: BusConfig & { health?: HealthConfig; observability: ObservabilityConfig }
  logger: Logger
  /** What /metrics on the health port serves; default the process's registry (`renderMetrics`). */
  metrics?: HealthServerOptions['metrics']
  /** Opens the service's store, bus, consumers, sweepers and servers; answers what shutdown stops, in order. */
  start: (service: ServiceStart) => Promise<readonly Stop[]>
  /** The signals that shut the service down; default SIGTERM and SIGINT. */
  signals?: readonly NodeJS.Signals[]
  /** Called with 0 once everything is closed; default `process.exit`. */
  exit?: (code: number) => void
}

/** One step of the shutdown: awaited before the next. */
export type Stop = () => unknown

export interface ServiceStart {
  readonly observability: Observability
  /** The health server when HEALTH_PORT is set (then /metrics is served there). */
  readonly health: HealthServer | undefined
  /** The bus from the configuration (topics and schemas ensured), closed only by the stop list. */
  openBus(): Promise<EventBus>
  /** /readyz is ready from now on exactly as long as every watched consumer runs. */
  watch(consumer: Pick<ConsumerHandle, 'isRunning'>): void
  /** An HTTP server closed first at shutdown (stops accepting before anything it uses closes). */
  serving<Server extends { close(): unknown }>(server: Server): Server
  /**
   * One named step of `start` (the store, its indexes, the bus, the consumer): while start-up takes long the
   * service logs, every 15 s at warn, the step it waits on (startup-watch.ts).
   */
  step<T>(name: string, work: () => Promise<T>): Promise<T>
}

/** The running service; `shutdown` is what the signals call. */
export interface RunningService {
  shutdown(signal: string): Promise<void>
}

/**
 * @example
 * await runService({
 *   name: 'settlement', config, logger,
 *   start: async (service) => {
 *     const store = await connectStore(config.mongo)
 *     const bus = await service.openBus()
 *     service.watch(await bus.consume({ ... }))
 *     const sweeper = startSweeper(...)
 *     return [() => sweeper.stop(), bus.close, () => store.close()]
 *   },
 * })
 */
export async function runService(options: ServiceOptions): Promise<RunningService> {
  const { config, logger } = options
  const observability = startObservability(options.name, config.observability)
  const readiness = createConsumerReadiness()
  const health = await openHealthServer(
    config.health,
    readiness.readiness,
    logger,
    false,
    options.metrics ?? renderMetrics,
  )
  const servers: { close(): unknown }[] = []
  const startup = watchStartup(logger)
  const stops = await options
    .start({
      observability,
      health,
      openBus: () => startup.step('bus', () => openQuietlyClosedBus(config, logger)),
      watch: readiness.watch,
      serving: (server) => {
        servers.push(server)
        return server
      },
      step: startup.step,
    })
    .finally(startup.done)
  const shutdown = async (signal: string) => {
    logger.info('shutting down', { signal })
    for (const server of servers) server.close()
    for (const stop of stops) await stop()
    await health?.close()
    await observability.shutdown()
    if (options.exit) options.exit(0)
    else process.exit(0)
  }
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT'])
    process.once(signal, () => void shutdown(signal))
  return { shutdown }
}

/** The service's bus, whose close logs a failure instead of rejecting (the store still closes after it). */
async function openQuietlyClosedBus(config: BusConfig, logger: Logger): Promise<EventBus> {
  const bus = await openEventBus(config, logger, { shutdown: false })
  return {
    ...bus,
    close: (closeOptions) =>
      bus.close(closeOptions).catch((err: unknown) => logger.warn('bus close failed', { err })),
  }
}
