/** Composition root of the extraction consumer. */

import { readProcessEnv } from '@rv/config'
import { extractReceipt } from '@rv/core/extraction'
import { createLogger } from '@rv/logger'
import { readImage } from '@rv/ocr'
import { createPdfParser } from '@rv/pdf-worker'
import { createPinnedProfiles, runStageConsumer } from '@rv/service-runtime'
import { createStorage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createModelStep } from '@rv/vlm'
import { loadConfig } from './config'
import { recordModelCalls, timedOcr } from './extraction-metrics'
import { handleSubmitted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'extraction' } })
const storage = createStorage(config.s3)
// A PDF is parsed in a worker thread with a time and heap limit (hostile files: docs/extraction.md).
// Extraction reads the text only: the structure (authenticity's) is neither kept nor posted across the worker.
const pdfParser = createPdfParser({ ...config.pdfParse, structure: false })
// The store keeps the deliveries counted across replicas and, when a vision model is configured, its
// budget counter and the tenants' policies.
const store = await connectStore(config.mongo)
const pinnedProfile = config.vlm.baseUrl === undefined ? undefined : createPinnedProfiles(store.profiles.find)
const completeWithModel =
  pinnedProfile &&
  createModelStep(config.vlm, {
    budget: store.modelBudget,
    policyFor: async (tenantId, ref) => (await pinnedProfile(tenantId, ref))?.vlm,
    logger,
  })
const deps = {
  readFile: (key: string) => storage.get(key),
  parsePdf: pdfParser.parse,
  extractReceipt,
  completeWithModel,
  readImage: timedOcr((bytes: Uint8Array) => readImage(bytes)),
}
await runStageConsumer({
  config,
  logger,
  stage: 'extraction',
  consumes: 'check.submitted.v1',
  publishes: 'check.extracted.v1',
  handle: async (submission) => {
    const result = await handleSubmitted(submission, deps)
    recordModelCalls(result)
    return result
  },
  // A file that kills or stalls the process is dead-lettered after 5 deliveries across replicas.
  deliveries: store.deliveries,
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
