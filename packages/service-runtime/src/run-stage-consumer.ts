/**
 * The whole life of a stage consumer (extraction, authenticity, matching, replay): open the bus, consume
 * one topic, publish each result with the trace headers of its event, and when a message is given up
 * (dead-lettered by @rv/kafka) publish the stage's result with an `error` block, so the aggregator still
 * finishes the check as `failed`. The service supplies only the mapping: `handle` and `failedResult`.
 * With `config.health.port` set it also serves /healthz and /readyz (ready while the consumer runs), and
 * /metrics when `config.observability` turns metrics on; spans are exported when it names an OTLP endpoint.
 */

import type { ConsumerConfig, HealthConfig, ObservabilityConfig } from '@rv/config'
import { stageErrorBlock } from '@rv/core'
import type {
  DeliveryLedger,
  EventBus,
  EventBusOptions,
  EventTopic,
  EventValueByTopic,
  LogFields,
} from '@rv/kafka'
import type { Logger } from '@rv/logger'
import { metrics, startObservability } from '@rv/observability'
import type { ErrorBlock } from '@rv/schemas'
import { createConsumerReadiness } from './consumer-readiness'
import { consumerTuning } from './consumer-tuning'
import { type BusConfig, openEventBus } from './open-event-bus'
import { openHealthServer } from './open-health-server'
import { traceHeaders } from './trace-headers'

export interface StageConsumerOptions<In extends EventTopic, Out extends EventTopic> {
  /** `health` absent or its port undefined: no health server; `consumer` absent: one partition at a time. */
  config: BusConfig & {
    health?: HealthConfig
    consumer?: ConsumerConfig
    observability?: ObservabilityConfig
  }
  logger: Logger
  /** Names the consumer group (`<groupPrefix>-<stage>`), `x-failed-stage` and the error block. */
  stage: string
  consumes: In
  publishes: Out
  /** The stage's result for an event; null when the event is not this stage's to answer. */
  handle: (value: EventValueByTopic[In]) => Promise<EventValueByTopic[Out] | null>
  /** The result published after the event was given up: the stage's empty block plus `error`. */
  failedResult: (value: EventValueByTopic[In], error: ErrorBlock) => EventValueByTopic[Out]
  /** The log line written after each published result. */
  published: { msg: string; fields?: (result: EventValueByTopic[Out]) => LogFields }
  /**
   * Counts deliveries across replicas (the store's `deliveries` in production): a message delivered more
   * than `maxDeliveries` times (default 5) is dead-lettered unhandled (`stage_redelivery_limit`), even when
   * each delivery killed or evicted a different replica. Absent: only in-process attempts count.
   */
  deliveries?: DeliveryLedger
  maxDeliveries?: number
  /** false when the caller closes the bus itself (tests); SIGTERM/SIGINT close it by default. */
  shutdown?: EventBusOptions['shutdown']
}

/** The stage's bus; `close()` also closes the health server, whose bound URL is `healthUrl`. */
export interface StageConsumer extends EventBus {
  readonly healthUrl: string | undefined
}

/**
 * @example
 * await runStageConsumer({
 *   config, logger, stage: 'matching', consumes: 'check.extracted.v1', publishes: 'check.matched.v1',
 *   handle: (event) => handleExtracted(event, deps),
 *   failedResult: (event, error) => ({ check_id: event.check_id, tenant_id: event.tenant_id, match: emptyMatch(), error }),
 *   published: { msg: 'matched' },
 * })
 */
export async function runStageConsumer<In extends EventTopic, Out extends EventTopic>(
  options: StageConsumerOptions<In, Out>,
): Promise<StageConsumer> {
  const { config, logger, stage } = options
  const observability = config.observability && startObservability(stage, config.observability)
  const readiness = createConsumerReadiness()
  // Started first so liveness answers during start-up and /readyz says `consumer_starting` meanwhile.
  const health = await openHealthServer(config.health, readiness.readiness, logger, options.shutdown)
  let bus: EventBus
  try {
    bus = await openEventBus(
      config,
      logger,
      options.shutdown === undefined ? {} : { shutdown: options.shutdown },
    )
  } catch (error) {
    await health?.close()
    throw error
  }
  const consumer = await bus.consume<In>({
    groupId: `${config.kafka.groupPrefix}-${stage}`,
    topics: [options.consumes],
    stage,
    ...(config.consumer ? consumerTuning(config.consumer) : { partitionsConsumedConcurrently: 1 }),
    ...(options.deliveries ? { deliveries: options.deliveries } : {}),
    ...(options.maxDeliveries === undefined ? {} : { maxDeliveries: options.maxDeliveries }),
    handle: async ({ key, value, headers }) => {
      const trace = traceHeaders(headers)
      const result = await options.handle(value)
      if (!result) return
      await bus.publish(options.publishes, key, result, trace)
      countError(stage, result)
      logger.info(options.published.msg, {
        check_id: key,
        request_id: trace['request-id'],
        ...options.published.fields?.(result),
      })
    },
    onPermanentFailure: async ({ key, value }, error) => {
      // Undecodable: there is no check id or tenant to answer for; the dead letter says why.
      if (!value) return
      const result = options.failedResult(value, stageErrorBlock(stage, error.code))
      await bus.publish(options.publishes, key, result)
      countError(stage, result)
    },
  })
  readiness.watch(consumer)
  logger.info(`${stage} consuming`)
  return {
    ...bus,
    healthUrl: health?.url,
    close: async (closeOptions) => {
      try {
        await bus.close(closeOptions)
      } finally {
        await health?.close()
        await observability?.shutdown()
      }
    },
  }
}

/** A published result with an `error` block counts as an error of its stage (a bad input is a result too). */
function countError(stage: string, result: object): void {
  const code = (result as { error?: { code?: unknown } | null }).error?.code
  if (typeof code === 'string') metrics().stageErrors.inc({ stage, code })
}
