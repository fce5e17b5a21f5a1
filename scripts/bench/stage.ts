/**
 * Throughput of one stage alone, and what replicas add: R replicas of the stage start in one consumer
 * group and settle (every member joined), then N input events built beforehand are published at once and
 * the group drains them; the rate is taken over the middle of the drain (10th to 90th percentile of
 * outputs), so start-up, joins and the tail stay out. Nothing else runs: the store is not involved, so the figure is the stage's own capacity.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:stage -- --stage authenticity --n 300 --replicas 2 [--concurrency 3] [--partitions 6] [--settle 30]
 *
 * Partitions bound useful replicas: a group gives each partition to one member (KAFKA_TOPIC_PARTITIONS).
 */
import { readProcessEnv } from '@rv/config'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { createEventBus } from '@rv/kafka'
import type { CheckSubmittedV1 } from '@rv/schemas'
import { contentKey, createS3Storage, sha256Hex } from '@rv/storage'
import { randomName, stackFromEnv } from '@rv/testing'
import { createE2eEnvironment } from '../../services/e2e/src/e2e-environment'
import { startServices } from '../../services/e2e/src/start-services'
import { handleSubmitted } from '../../services/extraction/src/handler'
import { newCheckId } from '../../services/gateway/src/ulid'
import { numberOption, stringOption } from './cli'
import { benchServiceEnv } from './load/bench-stack'
import { loadAverage } from './load/proc-cpu'
import { generateLoadReceipts } from './load/receipts'
import { percentile } from './load/stats'

const stage = (stringOption('stage') ?? 'authenticity') as 'authenticity' | 'extraction'
if (!['authenticity', 'extraction'].includes(stage)) throw new Error('--stage authenticity|extraction')
const n = numberOption('n', 150)
const replicas = numberOption('replicas', 1)
const settleS = numberOption('settle', 30)
const out = (line: string) => process.stdout.write(`${line}\n`)

type Bus = ReturnType<typeof createEventBus>
type Storage = ReturnType<typeof createS3Storage>
type Receipt = ReturnType<typeof generateLoadReceipts>[number]

async function main(): Promise<void> {
  const stack = stackFromEnv(readProcessEnv())
  if (!stack) throw new Error('eval "$(bash deploy/native/stack.sh env)" first')
  const e2e = createE2eEnvironment(stack, 'stage')
  const env: Record<string, string> = { ...e2e.env, ...benchServiceEnv }
  if (stringOption('concurrency')) env.CONSUMER_CONCURRENCY = stringOption('concurrency') as string
  if (stringOption('partitions')) env.KAFKA_TOPIC_PARTITIONS = stringOption('partitions') as string
  const bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'rv-bench-stage',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: e2e.topicPrefix,
    shutdown: false,
    ...(stringOption('partitions') ? { partitions: Number(stringOption('partitions')) } : {}),
  })
  const storage = createS3Storage({ ...stack.s3, bucket: env.S3_BUCKET as string })
  try {
    await bus.ensureTopics()
    await bus.registerSchemas()
    await storage.ensure()
    const backlog = await buildBacklog(bus, storage)
    const arrivals = await watchOutputs(bus)
    // Replicas first, then time for every one to join the group (a join mid-drain would pause it for a
    // rebalance), then the whole backlog at once: the rate measured is the settled group's.
    const services = await startServices({ env, only: [stage], replicas: { [stage]: replicas } })
    await new Promise((r) => setTimeout(r, settleS * 1000))
    const loadBefore = loadAverage()
    const started = performance.now()
    await Promise.all(backlog.map((send) => send()))
    while (arrivals.length < n && performance.now() - started < 600_000)
      await new Promise((r) => setTimeout(r, 200))
    await services.stop()
    report(arrivals, started, loadBefore)
  } finally {
    await bus.close()
    await e2e.cleanup.run()
  }
}

/** The backlog, built in-process before the clock starts: what the stage before it would have published. */
async function buildBacklog(bus: Bus, storage: Storage): Promise<Array<() => Promise<void>>> {
  const receipts = generateLoadReceipts(n, randomName('stage'))
  const backlog: Array<() => Promise<void>> = []
  for (const receipt of receipts) {
    const sha256 = sha256Hex(receipt.pdf)
    await storage.put(contentKey(sha256), receipt.pdf, 'application/pdf')
    const submission = submissionOf(storage, receipt, sha256)
    if (stage === 'extraction')
      backlog.push(() => bus.publish('check.submitted.v1', submission.check_id, submission))
    else {
      const extracted = await handleSubmitted(submission, {
        readFile: async () => receipt.pdf,
        parsePdf,
        extractReceipt,
        readImage: () => Promise.reject(new Error('the stage bench submits PDFs only')),
      })
      backlog.push(() => bus.publish('check.extracted.v1', submission.check_id, extracted))
    }
  }
  return backlog
}

function submissionOf(storage: Storage, receipt: Receipt, sha256: string): CheckSubmittedV1 {
  return {
    check_id: newCheckId(),
    tenant_id: 'ten_benchstage',
    created_at: new Date().toISOString(),
    file: {
      bucket: storage.bucket,
      key: contentKey(sha256),
      sha256,
      size: receipt.pdf.byteLength,
      content_type: 'application/pdf',
      filename: receipt.filename,
    },
    expectation: {},
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  }
}

/** When each output of the stage arrived (a group of its own, reading the stage's output topic). */
async function watchOutputs(bus: Bus): Promise<number[]> {
  const arrivals: number[] = []
  await bus.consume({
    groupId: randomName('bench-stage-watch'),
    topics: [stage === 'extraction' ? 'check.extracted.v1' : 'check.authenticated.v1'],
    maxWaitTimeMs: 100,
    partitionsConsumedConcurrently: 6,
    handle: async () => {
      arrivals.push(performance.now())
    },
  })
  return arrivals
}

function report(arrivals: number[], started: number, loadBefore: string): void {
  const sorted = [...arrivals].sort((a, b) => a - b)
  const from = percentile(sorted, 10)
  const to = percentile(sorted, 90)
  const inWindow = sorted.filter((t) => t >= from && t <= to).length
  out(
    `bench:stage ${stage}: ${replicas} replica(s), ${n} queued, ${arrivals.length} out; steady rate ${(((inWindow - 1) * 1000) / (to - from)).toFixed(2)} events/s (10th-90th percentile of outputs), whole drain ${((arrivals.length * 1000) / ((sorted.at(-1) ?? started) - started)).toFixed(2)} events/s (first publish -> last output); load average before ${loadBefore}, after ${loadAverage()}`,
  )
}

await main()
process.exit(0)
