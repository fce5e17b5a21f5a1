/** Composition root of the extraction consumer. */

import { readProcessEnv } from '@rv/config'
import { extractReceipt } from '@rv/core/extraction/index'
import { parsePdf } from '@rv/core/pdf/parse-pdf'
import { createLogger } from '@rv/logger'
import { readImage } from '@rv/ocr'
import type { Profile } from '@rv/schemas'
import { runStageConsumer } from '@rv/service-runtime'
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
const profiles = new Map<string, Profile | undefined>()
const completeWithModel =
  store &&
  createModelStep(config.vlm, {
    budget: store.modelBudget,
    policyFor: async (tenantId, ref) => {
      // Profile versions are immutable: read each once.
      const key = `${tenantId}\u0000${ref.name}\u0000${ref.version}`
      if (!profiles.has(key)) profiles.set(key, await store.profiles.find(tenantId, ref.name, ref.version))
      return profiles.get(key)?.vlm
    },
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
