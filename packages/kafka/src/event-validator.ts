/**
 * Validates event values against their topic's schema (draft 2020-12) before encoding and after decoding,
 * so a malformed event is stopped at the boundary with a typed error that names the offending paths
 * (never the values: they may carry personal data).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { KafkaStageError } from './errors'
import { type EventTopic, type EventValueByTopic, eventSchemas } from './topics'

const draft2020 = 'https://json-schema.org/draft/2020-12/schema'

/**
 * Compiles a schema with a fresh validator of its dialect: registered event schemas are draft-07 (the
 * registry's compatibility checker needs that; see schemas/scripts/to-draft-07.ts), sources are 2020-12.
 * One instance per schema avoids `$id` clashes between versions of a subject.
 */
export function compileSchema(schema: object): ValidateFunction {
  const options = { strict: true, allErrors: true, allowUnionTypes: true }
  const ajv =
    (schema as { $schema?: unknown }).$schema === draft2020 ? new Ajv2020(options) : new Ajv(options)
  addFormats.default(ajv)
  return ajv.compile(schema)
}

export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 10)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
    .join('; ')
}

const compiled = new Map<EventTopic, ValidateFunction>()

function validatorOf(topic: EventTopic): ValidateFunction {
  let validate = compiled.get(topic)
  if (!validate) {
    validate = compileSchema(eventSchemas[topic])
    compiled.set(topic, validate)
  }
  return validate
}

/** Asserts `value` is a valid `topic` event, or throws a permanent `invalid_event` error. */
export function assertEvent<T extends EventTopic>(
  topic: T,
  value: unknown,
): asserts value is EventValueByTopic[T] {
  const validate = validatorOf(topic)
  if (!validate(value)) {
    throw new KafkaStageError(
      'invalid_event',
      `${topic} value does not match its schema: ${describeErrors(validate.errors)}`,
      {
        retryable: false,
      },
    )
  }
}
