/**
 * The schema registry side: a client configured for draft 2020-12 JSON Schemas, registration of every
 * event schema under `<topic>-value` (idempotent: registering an identical schema returns its existing id),
 * and the mapping of registry failures to typed errors.
 */
import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry'
import type { RegistryAuthConfig } from '@rv/config'
import { KafkaStageError } from './errors'
import { compileSchema } from './event-validator'
import { type EventTopic, eventSchemas, physicalTopic, valueSubject } from './topics'

export function createRegistryClient(
  url: string,
  clientId: string,
  auth?: RegistryAuthConfig,
): SchemaRegistry {
  // The library compiles every fetched writer schema with one Ajv; two versions of a subject share a `$id`
  // and would collide in one instance, so each compile gets a fresh instance of the schema's dialect.
  const ajvInstance = { compile: compileSchema, addSchema: () => undefined }
  return new SchemaRegistry(
    { host: url, clientId, ...(auth ? { auth: { username: auth.username, password: auth.password } } : {}) },
    { [SchemaType.JSON]: { ajvInstance: ajvInstance as never } },
  )
}

/** Registers the schema of each topic; returns physical topic -> schema id. */
export async function registerEventSchemas(
  registry: SchemaRegistry,
  prefix: string,
  topics: readonly EventTopic[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const topic of topics) {
    const physical = physicalTopic(prefix, topic)
    for (let attempt = 1; ; attempt++) {
      try {
        const { id } = await registry.register(
          { type: SchemaType.JSON, schema: JSON.stringify(eventSchemas[topic]) },
          { subject: valueSubject(physical), compatibility: COMPATIBILITY.BACKWARD },
        )
        ids.set(physical, id)
        break
      } catch (error) {
        if (attempt < CONFIG_RACE_ATTEMPTS && isConfigRace(error)) {
          await new Promise((r) => setTimeout(r, 25 * attempt + Math.random() * 50))
          continue
        }
        throw registryError(error, `registering ${valueSubject(physical)}`)
      }
    }
  }
  return ids
}

const CONFIG_RACE_ATTEMPTS = 5

/**
 * The client sets a new subject's compatibility (PUT /config/<subject>) before registering. When several
 * processes register the same new subject at once (replicas of a fresh deployment starting together), the
 * losers get 409 "A rule named 'COMPATIBILITY' already exists" from Apicurio. The next attempt reads the
 * rule the winner wrote and goes on; a 409 from anything else (an incompatible schema) is not this race.
 */
export function isConfigRace(error: unknown): boolean {
  const { status, url } = (error ?? {}) as { status?: unknown; url?: unknown }
  return status === 409 && typeof url === 'string' && /\/config\/[^/]+$/.test(url)
}

/** Schema id of this build's schema for a topic, when that exact schema is registered. */
export async function lookupSchemaId(
  registry: SchemaRegistry,
  physical: string,
  topic: EventTopic,
): Promise<number> {
  try {
    return await registry.getRegistryIdBySchema(valueSubject(physical), {
      type: SchemaType.JSON,
      schema: JSON.stringify(eventSchemas[topic]),
    })
  } catch (error) {
    // The client turns the registry's 404 (unknown subject, or schema not among its versions) into a
    // bare ConfluentSchemaRegistryError without a status.
    const name = (error as { name?: unknown } | null)?.name
    if (httpStatus(error) === 404 || name === 'ConfluentSchemaRegistryError') {
      throw new KafkaStageError(
        'schema_not_registered',
        `the ${topic} schema of this build is not registered under ${valueSubject(physical)}; call registerSchemas()`,
        { retryable: false, cause: error },
      )
    }
    throw registryError(error, `looking up ${valueSubject(physical)}`)
  }
}

/**
 * Maps a registry client failure. The registry's own refusals (unknown subject or schema, incompatible or
 * invalid schema, auth) are permanent; anything else is retryable: 5xx, and network failures, which the
 * HTTP client (mappersmith) reports as status 400.
 */
export function registryError(error: unknown, doing: string): KafkaStageError {
  if (error instanceof KafkaStageError) return error
  if ((error as { name?: unknown } | null)?.name === 'ConfluentSchemaRegistryCompatibilityError') {
    // The subject's rule is not BACKWARD: a configuration problem that retrying cannot fix.
    return new KafkaStageError('registry_misconfigured', `${doing}: ${(error as Error).message}`, {
      retryable: false,
      cause: error,
    })
  }
  const status = httpStatus(error)
  const message = error instanceof Error ? error.message : String(error)
  if (status === 404)
    return new KafkaStageError('unknown_schema', `${doing}: ${message}`, { retryable: false, cause: error })
  if (status !== undefined && [401, 403, 409, 422].includes(status)) {
    return new KafkaStageError('registry_rejected', `${doing}: ${message}`, {
      retryable: false,
      cause: error,
    })
  }
  return new KafkaStageError('registry_unavailable', `${doing}: ${message}`, {
    retryable: true,
    cause: error,
  })
}

function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}
