/**
 * The whole life of a stage consumer (extraction, authenticity, matching, replay): open the bus, consume
 * one topic, publish each result with the trace headers of its event, and when a message is given up
 * (dead-lettered by @rv/kafka) publish the stage's result with an `error` block, so the aggregator still
 * finishes the check as `failed`. The service supplies only the mapping: `handle` and `failedResult`.
 */
import { stageErrorBlock } from '@rv/core'
import type { EventBus, EventBusOptions, EventTopic, EventValueByTopic, LogFields } from '@rv/kafka'
import type { Logger } from '@rv/logger'
import type { ErrorBlock } from '@rv/schemas'
import { type BusConfig, openEventBus } from './open-event-bus'
import { traceHeaders } from './trace-headers'

export interface StageConsumerOptions<In extends EventTopic, Out extends EventTopic> {
  config: BusConfig
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
  /** false when the caller closes the bus itself (tests); SIGTERM/SIGINT close it by default. */
  shutdown?: EventBusOptions['shutdown']
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
): Promise<EventBus> {
  const { config, logger, stage } = options
  const bus = await openEventBus(
    config,
    logger,
    options.shutdown === undefined ? {} : { shutdown: options.shutdown },
  )
  await bus.consume<In>({
    groupId: `${config.kafka.groupPrefix}-${stage}`,
    topics: [options.consumes],
    stage,
    handle: async ({ key, value, headers }) => {
      const trace = traceHeaders(headers)
      const result = await options.handle(value)
      if (!result) return
      await bus.publish(options.publishes, key, result, trace)
      logger.info(options.published.msg, {
        check_id: key,
        request_id: trace['request-id'],
        ...options.published.fields?.(result),
      })
    },
    onPermanentFailure: async ({ key, value }, error) => {
      // Undecodable: there is no check id or tenant to answer for; the dead letter says why.
      if (!value) return
      await bus.publish(
        options.publishes,
        key,
        options.failedResult(value, stageErrorBlock(stage, error.code)),
      )
    },
  })
  logger.info(`${stage} consuming`)
  return bus
}
