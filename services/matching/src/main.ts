/** Composition root of the matching consumer. */
import { readProcessEnv } from '@rv/config'
import { emptyMatch, stageErrorBlock } from '@rv/core'
import { defaultProfile } from '@rv/core/decision/index'
import { matchExpectation } from '@rv/core/match/index'
import { createEventBus } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import type { Profile } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { loadConfig } from './config'
import { handleExtracted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'matching' } })
const store = await connectStore(config.mongo)
const profiles = new Map<string, Profile>()
const deps = {
  matchExpectation,
  // The check's pinned profile (tenant's own version, else the built-in one) sets the matching options.
  optionsFor: async (tenantId: string, ref: { name: string; version: number }) => {
    // Profile versions are immutable: read each once.
    const key = `${tenantId}\u0000${ref.name}\u0000${ref.version}`
    const profile = profiles.get(key) ?? (await store.profiles.find(tenantId, ref.name, ref.version))
    if (profile) profiles.set(key, profile)
    const used = profile ?? defaultProfile
    return { minVisibleDigits: used.match.min_visible_digits, amountTolerance: used.match.amount_tolerance }
  },
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
  groupId: `${config.kafka.groupPrefix}-matching`,
  topics: ['check.extracted.v1'],
  stage: 'matching',
  handle: async ({ key, value, headers }) => {
    // The gateway's request id follows the check through every stage, for log correlation.
    const trace: Record<string, string> = headers['request-id'] ? { 'request-id': headers['request-id'] } : {}
    const result = await handleExtracted(value, deps)
    if (!result) return
    await bus.publish('check.matched.v1', key, result, trace)
    logger.info('matched', { check_id: key })
  },
  onPermanentFailure: async ({ key, value }, error) => {
    if (!value) return
    await bus.publish('check.matched.v1', key, {
      check_id: value.check_id,
      tenant_id: value.tenant_id,
      match: emptyMatch(),
      error: stageErrorBlock('matching', error.code),
    })
  },
})
logger.info('matching consuming')
