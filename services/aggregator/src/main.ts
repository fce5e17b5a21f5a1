/** Composition root of the aggregator: result consumer, completion publisher, sweeper. */
import { readProcessEnv } from '@rv/config'
import { decide } from '@rv/core/decision'
import type { ConsumerHandle, EventBus, EventValueByTopic } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { withSpan } from '@rv/observability'
import { consumerTuning, runService } from '@rv/service-runtime'
import { loadKeyRing, withSignature } from '@rv/signing'
import { connectStore, type Store } from '@rv/store'
import { recordCompletion } from './completion-metrics'
import { loadConfig } from './config'
import { createAggregatorHandler } from './handler'
import { startHeldResultsFlusher } from './held-results-flusher'
import { createProfileResolver } from './resolve-profile'
import { startSweeper } from './sweeper'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'aggregator' } })
const now = () => new Date()

await runService({
  name: 'aggregator',
  config,
  logger,
  start: async (service) => {
    const store = await service.step('store', () =>
      connectStore({
        ...config.mongo,
        idempotencyRetentionMs: config.sweeper.idempotencyRetentionMs,
      }),
    )
    await service.step('indexes', () => store.ensureIndexes())
    const bus = await service.openBus()
    const publishCompleted = completionPublisher(bus)
    // The consumer is started after the handler; the handler asks it for its holding per message.
    let consumer: ConsumerHandle | undefined
    const handler = createAggregatorHandler({
      checks: store.checks,
      ownership: () => consumer?.ownership(),
      publishCompleted,
      isErased: store.tombstones.isErasedCheck,
      recommendFor: recommender(store),
      now,
      repairAfterMs: config.sweeper.republishAfterMs,
      holdResultsMs: config.holdResultsMs,
    })
    consumer = await consumeResults(bus, handler)
    const stopFlushing = startHeldResultsFlusher(handler, config.holdResultsMs, logger)
    const sweeper = startSweeper(
      {
        checks: store.checks,
        handler,
        publishSubmitted: (submission) => bus.publish('check.submitted.v1', submission.check_id, submission),
        publishCompleted,
        logger,
        now,
        republishAfterMs: config.sweeper.republishAfterMs,
        deadlineMs: config.sweeper.deadlineMs,
        idempotency: store.idempotency,
        idempotencyPurgeBatch: config.sweeper.idempotencyPurgeBatch,
      },
      config.sweeper.intervalMs,
    )
    service.watch(consumer)
    logger.info('aggregator consuming')
    // The sweeper publishes: it stops before the bus; the store closes last.
    return [stopFlushing, () => sweeper.stop(), bus.close, () => store.close()]
  },
})

/** Publishes a finished check, signed: the record's detached JWS rides beside it (docs/signed-records.md). */
function completionPublisher(bus: EventBus) {
  const keyRing = loadKeyRing(config.signing)
  return async (record: EventValueByTopic['check.completed.v1']) => {
    await bus.publish('check.completed.v1', record.id, withSignature(keyRing, record))
    recordCompletion(record)
    logger.info('check finished', {
      check_id: record.id,
      status: record.status,
      recommendation: record.recommendation,
      error: record.error?.code,
      latency_ms: record.cost.latency_ms,
    })
  }
}

/** The recommendation of a check: its tenant's pinned profile decides. */
function recommender(store: Store): Parameters<typeof createAggregatorHandler>[0]['recommendFor'] {
  const resolveProfile = createProfileResolver(store.profiles, logger)
  return async (submission) => {
    const profile = await resolveProfile(submission.tenant_id, submission.profile)
    return (input) => decide(input, profile, { expectation: submission.expectation })
  }
}

/** The consumer of the submission and the four stage results. */
function consumeResults(bus: EventBus, handler: ReturnType<typeof createAggregatorHandler>) {
  return bus.consume({
    groupId: `${config.kafka.groupPrefix}-aggregator`,
    topics: [
      'check.submitted.v1',
      'check.extracted.v1',
      'check.authenticated.v1',
      'check.matched.v1',
      'check.replay-checked.v1',
    ],
    stage: 'aggregator',
    // Safe with concurrent messages of one check: slots are separate documents and the terminal record is
    // claimed by a unique insert (see @rv/store).
    ...consumerTuning(config.consumer),
    // A check's submission and results reach one replica: it decides from memory (ownership-trust.ts).
    coPartitioned: true,
    // A trusted check's results stay in memory until its record is written (held-results.ts).
    holdOffsets: config.holdResultsMs > 0,
    // The write is the last span of a check's trace (a child of the stage's publish).
    handle: (message) =>
      withSpan('aggregator write', { attributes: { 'rv.check_id': message.key } }, async () => {
        if (message.topic === 'check.submitted.v1')
          return handler.onSubmitted(message.value, message.timestamp)
        const { stage } = await handler.onResult(message)
        logger.debug('stage stored', { check_id: message.key, stage })
      }),
  })
}
