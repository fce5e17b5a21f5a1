/** Composition root of the aggregator: result consumer, completion publisher, sweeper. */
import { readProcessEnv } from '@rv/config'
import { decide } from '@rv/core/decision'
import { createLogger } from '@rv/logger'
import { startObservability, withSpan } from '@rv/observability'
import { createConsumerReadiness, openEventBus, openHealthServer } from '@rv/service-runtime'
import { loadKeyRing, withSignature } from '@rv/signing'
import { connectStore } from '@rv/store'
import { recordCompletion } from './completion-metrics'
import { loadConfig } from './config'
import { createAggregatorHandler } from './handler'
import { createProfileResolver } from './resolve-profile'
import { startSweeper } from './sweeper'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'aggregator' } })
const observability = startObservability('aggregator', config.observability)
const readiness = createConsumerReadiness()
// Before the store and bus, so liveness answers during start-up; closed by shutdown() below.
const health = await openHealthServer(config.health, readiness.readiness, logger, false)
const store = await connectStore({
  ...config.mongo,
  idempotencyRetentionMs: config.sweeper.idempotencyRetentionMs,
})
await store.ensureIndexes()
// Not closed on its own signal handler: shutdown() below stops the sweeper first, then the bus.
const bus = await openEventBus(config, logger, { shutdown: false })

const now = () => new Date()
const resolveProfile = createProfileResolver(store.profiles, logger)
const keyRing = loadKeyRing(config.signing)
const publishCompleted = async (record: Parameters<typeof bus.publish<'check.completed.v1'>>[2]) => {
  // The record's detached JWS rides beside it on the envelope (docs/signed-records.md).
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
const handler = createAggregatorHandler({
  checks: store.checks,
  publishCompleted,
  isErased: store.tombstones.isErasedCheck,
  recommendFor: async (submission) => {
    const profile = await resolveProfile(submission.tenant_id, submission.profile)
    return (input) => decide(input, profile, { expectation: submission.expectation })
  },
  now,
  repairAfterMs: config.sweeper.republishAfterMs,
})

const consumer = await bus.consume({
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
  partitionsConsumedConcurrently: config.consumer.concurrency,
  // The write is the last span of a check's trace (a child of the stage's publish).
  handle: (message) =>
    withSpan('aggregator write', { attributes: { 'rv.check_id': message.key } }, async () => {
      if (message.topic === 'check.submitted.v1') return handler.onSubmitted(message.value)
      const { stage } = await handler.onResult(message)
      logger.debug('stage stored', { check_id: message.key, stage })
    }),
})

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
readiness.watch(consumer)
logger.info('aggregator consuming')

async function shutdown(signal: string): Promise<void> {
  logger.info('shutting down', { signal })
  await sweeper.stop()
  await bus.close().catch((err) => logger.warn('bus close failed', { err }))
  await store.close()
  await health?.close()
  await observability.shutdown()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))
