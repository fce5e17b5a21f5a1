/** Composition root of the authenticity consumer. */
import { readProcessEnv } from '@rv/config'
import { emptyDocument, stageErrorBlock } from '@rv/core'
import { assessAuthenticity } from '@rv/core/authenticity/index'
import { parsePdf } from '@rv/core/pdf/parse-pdf'
import { createEventBus } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { createStorage } from '@rv/storage'
import { loadConfig } from './config'
import { handleExtracted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'authenticity' } })
const storage = createStorage(config.s3)
const deps = { readFile: (key: string) => storage.get(key), parsePdf, assessAuthenticity }
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
  groupId: `${config.kafka.groupPrefix}-authenticity`,
  topics: ['check.extracted.v1'],
  stage: 'authenticity',
  handle: async ({ key, value, headers }) => {
    // The gateway's request id follows the check through every stage, for log correlation.
    const trace: Record<string, string> = headers['request-id'] ? { 'request-id': headers['request-id'] } : {}
    const result = await handleExtracted(value, deps)
    if (!result) return
    await bus.publish('check.authenticated.v1', key, result, trace)
    logger.info('authenticated', {
      check_id: key,
      request_id: trace['request-id'],
      verdict: result.document.verdict,
    })
  },
  onPermanentFailure: async ({ key, value }, error) => {
    if (!value) return
    await bus.publish('check.authenticated.v1', key, {
      check_id: value.check_id,
      tenant_id: value.tenant_id,
      document: emptyDocument(value.extraction?.family ?? null),
      error: stageErrorBlock('authenticity', error.code),
    })
  },
})
logger.info('authenticity consuming')
