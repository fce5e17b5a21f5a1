/**
 * Every metric the services export, defined once: names (prefix `rv_`, base units, `_total` counters) and
 * labels. No label ever holds a tenant id, a check id or a raw path: each label has a small, bounded set of
 * values (routes are patterns, codes come from the documented error-code lists). The dashboard and alert
 * rules in deploy/observability/ are checked against this list (metric-references.test.ts).
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'

export const metricPrefix = 'rv_'

// Seconds: fast store/S3 calls up to the slowest stages (an OCR'd photo, a model call).
const fastBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
const stageBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
const checkBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]
// Seconds from a check's submission to a person's decision: minutes to a week.
const decisionBuckets = [60, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 86_400, 172_800, 604_800]

/** What the code records into: the prom-client instruments, or no-ops of the same shape when disabled. */
export interface CounterLike<L extends string> {
  inc(labels: Partial<Record<L, string | number>>, value?: number): void
}
export interface GaugeLike<L extends string> {
  set(labels: Partial<Record<L, string | number>>, value: number): void
}
export interface HistogramLike<L extends string> {
  observe(labels: Partial<Record<L, string | number>>, value: number): void
}

export interface Instruments {
  httpRequests: CounterLike<'method' | 'route' | 'status'>
  httpDuration: HistogramLike<'method' | 'route'>
  stageDuration: HistogramLike<'stage' | 'topic' | 'outcome'>
  messagesProcessed: CounterLike<'stage' | 'topic' | 'outcome'>
  messagesPublished: CounterLike<'topic'>
  retries: CounterLike<'stage' | 'topic' | 'code'>
  deadLetters: CounterLike<'stage' | 'topic' | 'code'>
  stageErrors: CounterLike<'stage' | 'code'>
  consumerLag: GaugeLike<'group' | 'topic' | 'partition'>
  checksCompleted: CounterLike<'status'>
  checkLatency: HistogramLike<'status'>
  checkErrors: CounterLike<'code'>
  verdicts: CounterLike<'verdict'>
  recommendations: CounterLike<'recommendation'>
  ocrCalls: CounterLike<'outcome'>
  ocrDuration: HistogramLike<'outcome'>
  modelCalls: CounterLike<'model'>
  modelTokens: CounterLike<'model' | 'kind'>
  modelCost: CounterLike<'model'>
  storeDuration: HistogramLike<'command' | 'outcome'>
  s3Duration: HistogramLike<'operation' | 'outcome'>
  reviewQueueDepth: GaugeLike<'lane'>
  reviewQueueOldestAge: GaugeLike<'lane'>
  reviewDecisions: CounterLike<'decision' | 'overruled'>
  timeToDecision: HistogramLike<'decision'>
  webhookAttempts: CounterLike<'result'>
  webhookAttemptDuration: HistogramLike<'result'>
  webhookDeliveriesEnded: CounterLike<'state' | 'reason'>
  webhookEndpointsDisabled: CounterLike<never>
}

/** Registers every instrument on `registry`. */
export function createInstruments(registry: Registry): Instruments {
  const registers = [registry]
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name: metricPrefix + name, help, labelNames, registers })
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name: metricPrefix + name, help, labelNames, registers })
  const histogram = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ) => new Histogram<L>({ name: metricPrefix + name, help, labelNames, buckets, registers })
  return {
    httpRequests: counter('http_requests_total', 'HTTP requests answered, by route pattern and status', [
      'method',
      'route',
      'status',
    ]),
    httpDuration: histogram(
      'http_request_duration_seconds',
      'HTTP request time to the response',
      ['method', 'route'],
      fastBuckets,
    ),
    stageDuration: histogram(
      'stage_processing_seconds',
      'Time a consumer spent on one message, retries included',
      ['stage', 'topic', 'outcome'],
      stageBuckets,
    ),
    messagesProcessed: counter('messages_processed_total', 'Messages finished by a consumer', [
      'stage',
      'topic',
      'outcome',
    ]),
    messagesPublished: counter('messages_published_total', 'Events published', ['topic']),
    retries: counter('message_retries_total', 'Handler attempts that failed and were retried', [
      'stage',
      'topic',
      'code',
    ]),
    deadLetters: counter('dead_letters_total', 'Messages given up and sent to the dead-letter topic', [
      'stage',
      'topic',
      'code',
    ]),
    stageErrors: counter(
      'stage_errors_total',
      'Stage results published with an error block, by stage and code',
      ['stage', 'code'],
    ),
    consumerLag: gauge(
      'consumer_lag_messages',
      'Messages behind the partition end, as of the last batch fetched',
      ['group', 'topic', 'partition'],
    ),
    checksCompleted: counter('checks_completed_total', 'Checks finished by the aggregator', ['status']),
    checkLatency: histogram(
      'check_latency_seconds',
      'Submit to done: from the POST to the terminal record',
      ['status'],
      checkBuckets,
    ),
    checkErrors: counter('check_errors_total', 'Finished checks with an error block, by code', ['code']),
    verdicts: counter('verdicts_total', 'Authenticity verdicts of finished checks', ['verdict']),
    recommendations: counter('recommendations_total', 'Recommendations of finished checks', [
      'recommendation',
    ]),
    ocrCalls: counter('ocr_calls_total', 'OCR readings of pictures', ['outcome']),
    ocrDuration: histogram('ocr_duration_seconds', 'Time of one OCR reading', ['outcome'], stageBuckets),
    modelCalls: counter('model_calls_total', 'Vision-model calls made by extraction', ['model']),
    modelTokens: counter('model_tokens_total', 'Vision-model tokens, by kind (prompt, completion)', [
      'model',
      'kind',
    ]),
    modelCost: counter('model_cost_usd_total', 'Vision-model spend in US dollars', ['model']),
    storeDuration: histogram(
      'store_command_duration_seconds',
      'MongoDB command round trips',
      ['command', 'outcome'],
      fastBuckets,
    ),
    s3Duration: histogram(
      's3_request_duration_seconds',
      'Object storage (S3) calls',
      ['operation', 'outcome'],
      fastBuckets,
    ),
    // The review console (services/console): `lane` is the queue (review, reject, failed, escalated), summed
    // over tenants; read from the store at scrape, so every replica exports the same value (take the max).
    reviewQueueDepth: gauge('review_queue_depth', 'Checks waiting for a person, by queue', ['lane']),
    reviewQueueOldestAge: gauge(
      'review_queue_oldest_age_seconds',
      'Age of the oldest check waiting for a person, by queue (0 when none waits)',
      ['lane'],
    ),
    reviewDecisions: counter(
      'console_decisions_total',
      'Decisions recorded in the review console, by outcome and whether they overruled the machine',
      ['decision', 'overruled'],
    ),
    timeToDecision: histogram(
      'console_time_to_decision_seconds',
      'From a check’s submission to a person’s decision',
      ['decision'],
      decisionBuckets,
    ),
    webhookAttempts: counter(
      'webhook_attempts_total',
      'Webhook requests made, by result (delivered, or why not: http_status, timeout, connection_failed, address_refused, dns_failed, redirect_not_followed)',
      ['result'],
    ),
    webhookAttemptDuration: histogram(
      'webhook_attempt_duration_seconds',
      'Time of one webhook request, to the answer or the failure',
      ['result'],
      stageBuckets,
    ),
    webhookDeliveriesEnded: counter(
      'webhook_deliveries_ended_total',
      'Webhook deliveries finished: delivered, or failed (retries_exhausted, endpoint_disabled, endpoint_deleted)',
      ['state', 'reason'],
    ),
    webhookEndpointsDisabled: counter(
      'webhook_endpoints_disabled_total',
      'Webhook endpoints disabled after failing every attempt for the disable period',
      [],
    ),
  }
}
