/** Composition root of the matching consumer. */
import { readProcessEnv } from '@rv/config'
import { emptyMatch } from '@rv/core'
import { defaultProfile } from '@rv/core/decision'
import { matchExpectation } from '@rv/core/match'
import { createLogger } from '@rv/logger'
import { createPinnedProfiles, runStageConsumer } from '@rv/service-runtime'
import { connectStore } from '@rv/store'
import { loadConfig } from './config'
import { handleExtracted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'matching' } })
const store = await connectStore(config.mongo)
const pinnedProfile = createPinnedProfiles(store.profiles.find)
const deps = {
  matchExpectation,
  // The check's pinned profile (tenant's own version, else the built-in one) sets the matching options.
  optionsFor: async (tenantId: string, ref: { name: string; version: number }) => {
    const used = (await pinnedProfile(tenantId, ref)) ?? defaultProfile
    return { minVisibleDigits: used.match.min_visible_digits, amountTolerance: used.match.amount_tolerance }
  },
}
await runStageConsumer({
  config,
  logger,
  stage: 'matching',
  consumes: 'check.extracted.v1',
  publishes: 'check.matched.v1',
  handle: (event) => handleExtracted(event, deps),
  failedResult: (event, error) => ({
    check_id: event.check_id,
    tenant_id: event.tenant_id,
    match: emptyMatch(),
    error,
  }),
  published: { msg: 'matched' },
})
