import { describe, expect, it } from 'vitest'
import { KafkaStageError } from './errors'
import { isConfigRace, registryError } from './registry'

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

describe('isConfigRace', () => {
  const at = (status: number, url: string) => Object.assign(failure('ResponseError', status), { url })

  it('recognises the concurrent first write of a subject rule', () => {
    expect(isConfigRace(at(409, 'put http://r/apis/ccompat/v7/config/x.check.extracted.v1-value'))).toBe(true)
  })

  it('does not take an incompatible schema or another failure for it', () => {
    expect(isConfigRace(at(409, 'post http://r/apis/ccompat/v7/subjects/x-value/versions'))).toBe(false)
    expect(isConfigRace(at(500, 'put http://r/apis/ccompat/v7/config/x-value'))).toBe(false)
    expect(isConfigRace(failure('ResponseError', 409))).toBe(false)
    expect(isConfigRace(undefined)).toBe(false)
  })
})
