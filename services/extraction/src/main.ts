/** Composition root of the extraction consumer. */

import { readProcessEnv } from '@rv/config'
import { stageErrorBlock } from '@rv/core'
import { extractReceipt } from '@rv/core/extraction/index'
import { parsePdf } from '@rv/core/pdf/parse-pdf'
import { createEventBus } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { createStorage } from '@rv/storage'
import { loadConfig } from './config'
import { handleSubmitted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'extraction' } })
const storage = createStorage(config.s3)
const deps = {
  readFile: (key: string) => storage.get(key),
  parsePdf,
  extractReceipt,
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
  groupId: `${config.kafka.groupPrefix}-extraction`,
  topics: ['check.submitted.v1'],
  stage: 'extraction',
  handle: async ({ key, value, headers }) => {
    // The gateway's request id follows the check through every stage, for log correlation.
    const trace: Record<string, string> = headers['request-id'] ? { 'request-id': headers['request-id'] } : {}
    const result = await handleSubmitted(value, deps)
    await bus.publish('check.extracted.v1', key, result, trace)
    logger.info('extracted', {
      check_id: key,
      request_id: trace['request-id'],
      family: result.extraction?.family,
      error: result.error?.code,
    })
  },
  onPermanentFailure: async ({ key, value }, error) => {
    if (!value) return
    await bus.publish('check.extracted.v1', key, {
      check_id: value.check_id,
      tenant_id: value.tenant_id,
      submission: value,
      extraction: null,
      error: stageErrorBlock('extraction', error.code),
    })
  },
})
logger.info('extraction consuming')
