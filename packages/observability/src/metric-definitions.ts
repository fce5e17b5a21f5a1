/**
 * Every metric the services export, defined once and as data: names (prefix `rv_`, base units, `_total`
 * counters), help, labels, a histogram's buckets. No label ever holds a tenant id, a check id or a raw path:
 * each label has a small, bounded set of values (routes are patterns, codes come from the documented
 * error-code lists). The dashboard and alert rules in deploy/observability/ are checked against this list
 * (metric-references.test.ts). Typed against `Instruments`: a key's kind and labels are the ones code records.
 */ import type { CounterLike, GaugeLike, HistogramLike, Instruments } from './instrument-types'

// Seconds: fast store/S3 calls up to the slowest stages (an OCR'd photo, a model call).
const fastBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
const stageBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
const checkBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]
// Seconds from a check's submission to a person's decision: minutes to a week.
const decisionBuckets = [60, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 86_400, 172_800, 604_800]

interface Definition<K extends string, L extends string> {
  kind: K
  name: string
  help: string
  labels: readonly L[]
}

/** The definition an instrument of `Instruments` is made from. */
export type MetricDefinition<I> =
  I extends HistogramLike<infer L>
    ? Definition<'histogram', L> & { buckets: readonly number[] }
    : I extends GaugeLike<infer L>
      ? Definition<'gauge', L>
      : I extends CounterLike<infer L>
        ? Definition<'counter', L>
        : never

/** In registration order (the order /metrics lists them in). */
export const metricDefinitions: { [K in keyof Instruments]: MetricDefinition<Instruments[K]> } = {
  httpRequests: {
    kind: 'counter',
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labels: ['method', 'route', 'status'],
  },
  httpDuration: {
    kind: 'histogram',
    name: 'http_request_duration_seconds',
    help: 'HTTP request time to the response',
    labels: ['method', 'route'],
    buckets: fastBuckets,
  },
  stageDuration: {
    kind: 'histogram',
    name: 'stage_processing_seconds',
    help: 'Time a consumer spent on one message, retries included',
    labels: ['stage', 'topic', 'outcome'],
    buckets: stageBuckets,
  },
  messagesProcessed: {
    kind: 'counter',
    name: 'messages_processed_total',
    help: 'Messages finished by a consumer',
    labels: ['stage', 'topic', 'outcome'],
  },
  messagesPublished: {
    kind: 'counter',
    name: 'messages_published_total',
    help: 'Events published',
    labels: ['topic'],
  },
  retries: {
    kind: 'counter',
    name: 'message_retries_total',
    help: 'Handler attempts that failed and were retried',
    labels: ['stage', 'topic', 'code'],
  },
  deadLetters: {
    kind: 'counter',
    name: 'dead_letters_total',
    help: 'Messages given up and sent to the dead-letter topic',
    labels: ['stage', 'topic', 'code'],
  },
  stageErrors: {
    kind: 'counter',
    name: 'stage_errors_total',
    help: 'Stage results published with an error block, by stage and code',
    labels: ['stage', 'code'],
  },
  consumerLag: {
    kind: 'gauge',
    name: 'consumer_lag_messages',
    help: 'Messages behind the partition end, as of the last batch fetched',
    labels: ['group', 'topic', 'partition'],
  },
  checksCompleted: {
    kind: 'counter',
    name: 'checks_completed_total',
    help: 'Checks finished by the aggregator',
    labels: ['status'],
  },
  checkLatency: {
    kind: 'histogram',
    name: 'check_latency_seconds',
    help: 'Submit to done: from the POST to the terminal record',
    labels: ['status'],
    buckets: checkBuckets,
  },
  checkErrors: {
    kind: 'counter',
    name: 'check_errors_total',
    help: 'Finished checks with an error block, by code',
    labels: ['code'],
  },
  verdicts: {
    kind: 'counter',
    name: 'verdicts_total',
    help: 'Authenticity verdicts of finished checks',
    labels: ['verdict'],
  },
  recommendations: {
    kind: 'counter',
    name: 'recommendations_total',
    help: 'Recommendations of finished checks',
    labels: ['recommendation'],
  },
  ocrCalls: {
    kind: 'counter',
    name: 'ocr_calls_total',
    help: 'OCR readings of pictures',
    labels: ['outcome'],
  },
  ocrDuration: {
    kind: 'histogram',
    name: 'ocr_duration_seconds',
    help: 'Time of one OCR reading',
    labels: ['outcome'],
    buckets: stageBuckets,
  },
  modelCalls: {
    kind: 'counter',
    name: 'model_calls_total',
    help: 'Vision-model calls made by extraction',
    labels: ['model'],
  },
  modelTokens: {
    kind: 'counter',
    name: 'model_tokens_total',
    help: 'Vision-model tokens, by kind (prompt, completion)',
    labels: ['model', 'kind'],
  },
  modelCost: {
    kind: 'counter',
    name: 'model_cost_usd_total',
    help: 'Vision-model spend in US dollars',
    labels: ['model'],
  },
  storeDuration: {
    kind: 'histogram',
    name: 'store_command_duration_seconds',
    help: 'MongoDB command round trips',
    labels: ['command', 'outcome'],
    buckets: fastBuckets,
  },
  s3Duration: {
    kind: 'histogram',
    name: 's3_request_duration_seconds',
    help: 'Object storage (S3) calls',
    labels: ['operation', 'outcome'],
    buckets: fastBuckets,
  },
  // The aggregator (services/aggregator, held-results.ts): stage results of owned checks merged in memory,
  // their offsets held, not yet written; set a few times per HOLD_RESULTS_MS.
  aggregatorHeldResults: {
    kind: 'gauge',
    name: 'aggregator_held_results',
    help: 'Stage results this aggregator holds in memory with their offsets (written out past HOLD_RESULTS_MS)',
    labels: [],
  },
  // The review console (services/console): `lane` is the queue (review, reject, failed, escalated), summed
  // over tenants; read from the store at scrape, so every replica exports the same value (take the max).
  reviewQueueDepth: {
    kind: 'gauge',
    name: 'review_queue_depth',
    help: 'Checks waiting for a person, by queue',
    labels: ['lane'],
  },
  reviewQueueOldestAge: {
    kind: 'gauge',
    name: 'review_queue_oldest_age_seconds',
    help: 'Age of the oldest check waiting for a person, by queue (0 when none waits)',
    labels: ['lane'],
  },
  reviewDecisions: {
    kind: 'counter',
    name: 'console_decisions_total',
    help: 'Decisions recorded in the review console, by outcome and whether they overruled the machine',
    labels: ['decision', 'overruled'],
  },
  timeToDecision: {
    kind: 'histogram',
    name: 'console_time_to_decision_seconds',
    help: 'From a check’s submission to a person’s decision',
    labels: ['decision'],
    buckets: decisionBuckets,
  },
  webhookAttempts: {
    kind: 'counter',
    name: 'webhook_attempts_total',
    help: 'Webhook requests made, by result (delivered, or why not: http_status, timeout, connection_failed, address_refused, dns_failed, redirect_not_followed)',
    labels: ['result'],
  },
  webhookAttemptDuration: {
    kind: 'histogram',
    name: 'webhook_attempt_duration_seconds',
    help: 'Time of one webhook request, to the answer or the failure',
    labels: ['result'],
    buckets: stageBuckets,
  },
  webhookDeliveriesEnded: {
    kind: 'counter',
    name: 'webhook_deliveries_ended_total',
    help: 'Webhook deliveries finished: delivered, or failed (retries_exhausted, endpoint_disabled, endpoint_deleted)',
    labels: ['state', 'reason'],
  },
  webhookEndpointsDisabled: {
    kind: 'counter',
    name: 'webhook_endpoints_disabled_total',
    help: 'Webhook endpoints disabled after failing every attempt for the disable period',
    labels: [],
  },
}
