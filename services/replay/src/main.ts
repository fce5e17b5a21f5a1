/** Composition root of the replay consumer. */
import { readProcessEnv } from '@rv/config'
import { emptyReplay } from '@rv/core'
import { createLogger } from '@rv/logger'
import { createPinnedProfiles, runStageConsumer } from '@rv/service-runtime'
import { connectStore } from '@rv/store'
import { loadConfig } from './config'
import { handleExtracted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'replay' } })
const store = await connectStore(config.mongo)
await store.ensureIndexes()
const deps = {
  register: store.replay.register,
  // Read once per version (immutable), not once per message.
  profile: createPinnedProfiles(store.profiles.find),
  ...(config.replayKeySecret ? { keySecret: config.replayKeySecret } : {}),
}
if (!config.replayKeySecret)
  logger.warn('REPLAY_KEY_SECRET unset: cross-tenant replay (profile replay.cross_tenant) is off')
await runStageConsumer({
  config,
  logger,
  stage: 'replay',
  consumes: 'check.extracted.v1',
  publishes: 'check.replay-checked.v1',
  handle: (event) => handleExtracted(event, deps),
  failedResult: (event, error) => ({
    check_id: event.check_id,
    tenant_id: event.tenant_id,
    replay: emptyReplay(),
    reasons: [],
    error,
  }),
  published: { msg: 'replay checked', fields: (result) => ({ seen_before: result.replay.seen_before }) },
})
