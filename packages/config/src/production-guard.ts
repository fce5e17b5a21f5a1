/**
 * `RV_ENV=production` (the production overlay sets it): a service refuses to start on a plaintext or
 * unauthenticated bus — Kafka without TLS (or with certificate checks off) or without SASL, a schema
 * registry over plain http. Stage results and submissions travel on that bus; whoever can write to it
 * could otherwise forge them (docs/deploy-production.md).
 */
import type { EnvReader } from './env-reader'
import type { KafkaConfig, RegistryConfig } from './sections'

export const deploymentEnvs = ['development', 'production'] as const
export type DeploymentEnv = (typeof deploymentEnvs)[number]

/** Reports, through `r`, what a production deployment lacks; nothing outside production. Returns RV_ENV. */
export function checkProductionBus(
  r: EnvReader,
  bus: { kafka: KafkaConfig; registry: RegistryConfig },
): DeploymentEnv {
  const env = r.oneOf('RV_ENV', deploymentEnvs, {
    doc: 'production: refuse to start without TLS and SASL to Kafka and https to the registry',
    default: 'development',
  })
  if (env !== 'production') return env
  const { tls, sasl } = bus.kafka.security
  if (!tls) r.problem('RV_ENV=production requires TLS to Kafka (KAFKA_SSL=true)')
  else if (!tls.rejectUnauthorized) r.problem('RV_ENV=production requires KAFKA_SSL_REJECT_UNAUTHORIZED=true')
  if (!sasl) r.problem('RV_ENV=production requires SASL to Kafka (KAFKA_SASL_MECHANISM and its credentials)')
  if (!bus.registry.url.startsWith('https:'))
    r.problem('RV_ENV=production requires an https SCHEMA_REGISTRY_URL')
  return env
}
