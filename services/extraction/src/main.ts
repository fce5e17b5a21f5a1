/** Composition root of the extraction consumer. */

import { readProcessEnv } from '@rv/config'
import { extractReceipt } from '@rv/core/extraction/index'
import { parsePdf } from '@rv/core/pdf/parse-pdf'
import { createLogger } from '@rv/logger'
import { readImage } from '@rv/ocr'
import { createPinnedProfiles, runStageConsumer } from '@rv/service-runtime'
import { createStorage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createModelStep } from '@rv/vlm'
import { loadConfig } from './config'
import { handleSubmitted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'extraction' } })
const storage = createStorage(config.s3)
// The vision model, only when configured: its budget counter and the tenants' policies live in the store.
const store = config.vlm.baseUrl === undefined ? undefined : await connectStore(config.mongo)
const pinnedProfile = store && createPinnedProfiles(store.profiles.find)
const completeWithModel =
  store &&
  pinnedProfile &&
  createModelStep(config.vlm, {
    budget: store.modelBudget,
    policyFor: async (tenantId, ref) => (await pinnedProfile(tenantId, ref))?.vlm,
    logger,
  })
const deps = {
  readFile: (key: string) => storage.get(key),
  parsePdf,
  extractReceipt,
  completeWithModel,
  readImage: (bytes: Uint8Array) => readImage(bytes),
}
await runStageConsumer({
  config,
  logger,
  stage: 'extraction',
  consumes: 'check.submitted.v1',
  publishes: 'check.extracted.v1',
  handle: (submission) => handleSubmitted(submission, deps),
  failedResult: (submission, error) => ({
    check_id: submission.check_id,
    tenant_id: submission.tenant_id,
    submission,
    extraction: null,
    error,
  }),
  published: {
    msg: 'extracted',
    fields: (result) => ({ family: result.extraction?.family, error: result.error?.code }),
  },
})
