/** Composition root of the replay consumer. */
import { readProcessEnv } from '@rv/config'
import { emptyReplay, stageErrorBlock } from '@rv/core'
import { createEventBus } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { connectStore } from '@rv/store'
import { loadConfig } from './config'
import { handleExtracted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'replay' } })
const store = await connectStore(config.mongo)
await store.ensureIndexes()
const deps = {
  register: store.replay.register,
  ...(config.replayKeySecret ? { keySecret: config.replayKeySecret } : {}),
}
const bus = createEventBus({
  brokers: config.kafka.brokers,
  clientId: config.kafka.clientId,
  registryUrl: config.registry.url,
  topicPrefix: config.kafka.topicPrefix,
  logger,
})
await bus.ensureTopics()
await bus.registerSchemas()
await bus.consume({
  groupId: `${config.kafka.groupPrefix}-replay`,
  topics: ['check.extracted.v1'],
  stage: 'replay',
  handle: async ({ key, value, headers }) => {
    // The gateway's request id follows the check through every stage, for log correlation.
    const trace: Record<string, string> = headers['request-id'] ? { 'request-id': headers['request-id'] } : {}
    const result = await handleExtracted(value, deps)
    if (!result) return
    await bus.publish('check.replay-checked.v1', key, result, trace)
    logger.info('replay checked', {
      check_id: key,
      request_id: trace['request-id'],
      seen_before: result.replay.seen_before,
    })
  },
  onPermanentFailure: async ({ key, value }, error) => {
    if (!value) return
    await bus.publish('check.replay-checked.v1', key, {
      check_id: value.check_id,
      tenant_id: value.tenant_id,
      replay: emptyReplay(),
      reasons: [],
      error: stageErrorBlock('replay', error.code),
    })
  },
})
logger.info('replay consuming')
