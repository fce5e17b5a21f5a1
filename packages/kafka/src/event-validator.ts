/**
 * Validates event values against their topic's schema (draft 2020-12) before encoding and after decoding,
 * so a malformed event is stopped at the boundary with a typed error that names the offending paths
 * (never the values: they may carry personal data).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { KafkaStageError } from './errors'
import { type EventTopic, type EventValueByTopic, eventSchemas } from './topics'

/** A fresh validator instance; one per compiled schema avoids `$id` clashes between schema versions. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true })
  addFormats.default(ajv)
  return ajv
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
    validate = createAjv().compile(eventSchemas[topic])
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
