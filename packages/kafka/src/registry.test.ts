import { describe, expect, it } from 'vitest'
import { KafkaStageError } from './errors'
import { registryError } from './registry'

/** Shaped like the registry client's errors: a name from the class and the HTTP status. */
function failure(name: string, status?: number): Error {
  const error = new Error(`${name} ${status ?? ''}`)
  error.name = name
  return Object.assign(error, status === undefined ? {} : { status })
}

describe('registryError', () => {
  it('makes the registry refusals permanent', () => {
    expect(registryError(failure('ResponseError', 404), 'x')).toMatchObject({
      code: 'unknown_schema',
      retryable: false,
    })
    for (const status of [401, 403, 409, 422]) {
      expect(registryError(failure('ResponseError', status), 'x')).toMatchObject({
        code: 'registry_rejected',
        retryable: false,
      })
    }
    expect(registryError(failure('ConfluentSchemaRegistryCompatibilityError'), 'x')).toMatchObject({
      code: 'registry_misconfigured',
      retryable: false,
    })
  })

  it('retries server errors and network failures (which the HTTP client reports as 400)', () => {
    for (const status of [400, 500, 503]) {
      expect(registryError(failure('ResponseError', status), 'x')).toMatchObject({
        code: 'registry_unavailable',
        retryable: true,
      })
    }
    expect(registryError(new TypeError('fetch failed'), 'x').retryable).toBe(true)
  })

  it('passes stage errors through', () => {
    const error = new KafkaStageError('schema_not_registered', 'm', { retryable: false })
    expect(registryError(error, 'x')).toBe(error)
  })
})
