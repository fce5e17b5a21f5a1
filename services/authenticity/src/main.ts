/** Composition root of the authenticity consumer. */
import { readProcessEnv } from '@rv/config'
import { emptyDocument } from '@rv/core'
import { assessAuthenticity } from '@rv/core/authenticity'
import { createFingerprintCache } from '@rv/fingerprints'
import { createLogger } from '@rv/logger'
import { createPdfParser } from '@rv/pdf-worker'
import { runStageConsumer } from '@rv/service-runtime'
import { createStorage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { loadConfig } from './config'
import { handleExtracted } from './handler'

const config = loadConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'authenticity' } })
const storage = createStorage(config.s3)
// A PDF is parsed in a worker thread with a time and heap limit (hostile files: docs/extraction.md).
const pdfParser = createPdfParser(config.pdfParse)
const store = await connectStore(config.mongo)
await store.ensureIndexes()
const cache = createFingerprintCache({
  loadActive: store.fingerprints.activeAll,
  onRefreshError: (error) =>
    logger.warn('fingerprint refresh failed; judging with the last ones read', { error: String(error) }),
  onChange: (changes) => logger.info('fingerprint versions changed', { changes }),
})
// The first read must succeed: judging with the committed fingerprint while a learned one is active would
// contradict `fingerprint list`.
await cache.refresh()
cache.startRefreshing(config.fingerprints.refreshMs)
const deps = {
  readFile: (key: string) => storage.get(key),
  parsePdf: pdfParser.parse,
  assessAuthenticity,
  fingerprints: cache.registry,
  templateDrift: { record: store.sightings.record, ...config.fingerprints.drift },
}
await runStageConsumer({
  config,
  logger,
  stage: 'authenticity',
  consumes: 'check.extracted.v1',
  publishes: 'check.authenticated.v1',
  handle: (event) => handleExtracted(event, deps),
  // A file that kills or stalls the process is dead-lettered after 5 deliveries across replicas.
  deliveries: store.deliveries,
  failedResult: (event, error) => ({
    check_id: event.check_id,
    tenant_id: event.tenant_id,
    document: emptyDocument(event.extraction?.family ?? null),
    error,
  }),
  published: { msg: 'authenticated', fields: (result) => ({ verdict: result.document.verdict }) },
})
