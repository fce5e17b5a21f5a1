import { defaultWebhookSchedule, parseAllowList, type WebhookSchedule } from '@rv/core/webhooks'
import { type ConsumerConfig, feederFetch, readConsumer } from './consumer-config'
import { createEnvReader, type Env, type EnvReader } from './env-reader'
import { type ObservabilityConfig, readObservability } from './observability-config'
import { checkProductionBus } from './production-guard'
import {
  type HealthConfig,
  type KafkaConfig,
  type LogLevel,
  type MongoConfig,
  type RegistryConfig,
  readHealth,
  readKafka,
  readLogLevel,
  readMongo,
  readRegistry,
} from './sections'

export interface WebhooksConfig {
  service: 'webhooks'
  logLevel: LogLevel
  kafka: KafkaConfig
  consumer: ConsumerConfig
  registry: RegistryConfig
  mongo: MongoConfig
  health: HealthConfig
  observability: ObservabilityConfig
  delivery: {
    /** Longest wait for an endpoint's answer (connect, headers and body). */
    timeoutMs: number
    /** CIDRs the SSRF guard lets through although special-purpose (loopback, private, …); empty by default. */
    allowList: string[]
    /** Deliveries in flight at once in this process. */
    concurrency: number
  }
  schedule: WebhookSchedule
  /** An endpoint failing every attempt for this long is disabled. */
  disableAfterMs: number
  /** How often due deliveries are looked for, and how many per round. */
  sweeper: { intervalMs: number; batch: number }
}

/**
 * @example
 * const config = loadWebhooksConfig(readProcessEnv())
 */
export function loadWebhooksConfig(env: Env): WebhooksConfig {
  const r = createEnvReader(env)
  const config = readWebhooksConfig(r)
  checkProductionBus(r, config)
  r.finish()
  return config
}

function readAllowList(r: EnvReader): string[] {
  const text =
    r.optionalString('WEBHOOK_ALLOW_ADDRESSES', {
      doc: 'CIDRs or addresses webhooks may reach although loopback, private or link-local (comma-separated; operators only, e.g. 127.0.0.1/32 in tests)',
    }) ?? ''
  try {
    return parseAllowList(text).map((c) => c.text)
  } catch (error) {
    r.problem(`WEBHOOK_ALLOW_ADDRESSES: ${(error as Error).message}`)
    return []
  }
}

/** Reads every variable of the webhooks service without validating; `loadWebhooksConfig` validates. */
export function readWebhooksConfig(r: EnvReader): WebhooksConfig {
  return {
    service: 'webhooks',
    logLevel: readLogLevel(r),
    kafka: readKafka(r, 'webhooks'),
    consumer: readConsumer(r, feederFetch),
    registry: readRegistry(r),
    mongo: readMongo(r),
    health: readHealth(r),
    observability: readObservability(r),
    delivery: {
      timeoutMs: r.int('WEBHOOK_TIMEOUT_MS', {
        doc: "Longest wait for an endpoint's answer before the attempt counts as failed (timeout)",
        default: 10_000,
        min: 100,
        max: 60_000,
      }),
      allowList: readAllowList(r),
      concurrency: r.int('WEBHOOK_CONCURRENCY', {
        doc: 'Webhook requests in flight at once per process',
        default: 16,
        min: 1,
        max: 256,
      }),
    },
    schedule: {
      baseMs: r.int('WEBHOOK_RETRY_BASE_MS', {
        doc: 'First retry delay of a failed webhook (doubled per attempt, with jitter)',
        default: defaultWebhookSchedule.baseMs,
        min: 10,
      }),
      maxDelayMs: r.int('WEBHOOK_RETRY_MAX_DELAY_MS', {
        doc: 'Longest delay between two attempts of a webhook',
        default: defaultWebhookSchedule.maxDelayMs,
        min: 10,
      }),
      horizonMs: r.int('WEBHOOK_RETRY_HORIZON_MS', {
        doc: 'How long a webhook is retried from its first attempt before it is given up (3 days)',
        default: defaultWebhookSchedule.horizonMs,
        min: 10,
      }),
    },
    disableAfterMs: r.int('WEBHOOK_DISABLE_AFTER_MS', {
      doc: 'An endpoint whose every attempt failed for this long is disabled (3 days)',
      default: defaultWebhookSchedule.horizonMs,
      min: 10,
    }),
    sweeper: {
      intervalMs: r.int('WEBHOOK_SWEEP_INTERVAL_MS', {
        doc: 'Period of the webhook sweeper (due deliveries and retries)',
        default: 1000,
        min: 20,
      }),
      batch: r.int('WEBHOOK_SWEEP_BATCH', {
        doc: 'Due webhook deliveries read per sweeper round',
        default: 200,
        min: 1,
      }),
    },
  }
}
