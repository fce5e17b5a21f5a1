import { describe, expect, it } from 'vitest'
import { createOpenApiContract } from './openapi-contract'

describe('createOpenApiContract', () => {
  const contract = createOpenApiContract()
  const error = (code: string, retryable = false) => ({
    error: { type: 'invalid_request_error', code, message: 'm', retryable, request_id: 'req_1' },
  })

  it('accepts documented statuses with conforming bodies, ranges included', () => {
    expect(contract.checkResponse('post', '/v1/checks', 415, error('unsupported_media_type'))).toEqual({
      documentedAs: '415',
      errors: [],
    })
    expect(
      contract.checkResponse('post', '/v1/checks', 503, error('storage_unavailable', true)).documentedAs,
    ).toBe('5XX')
  })

  it('flags undocumented statuses and non-conforming bodies', () => {
    expect(contract.checkResponse('get', '/v1/checks/{id}', 418, {}).documentedAs).toBeNull()
    expect(
      contract.checkResponse('get', '/v1/checks/{id}', 404, { error: { code: 'x' } }).errors.length,
    ).toBeGreaterThan(0)
    expect(
      contract.checkResponse('get', '/v1/checks/{id}', 200, { id: 'chk_1' }).errors.length,
    ).toBeGreaterThan(0)
    expect(() => contract.checkResponse('put', '/v1/checks/{id}', 200, {})).toThrow()
    expect(contract.checkResponse('delete', '/v1/checks/{id}', 204, { id: 'x' }).errors).toEqual([
      'no body is documented',
    ])
    expect(contract.checkResponse('delete', '/v1/checks/{id}', 204, null).errors).toEqual([])
  })
})
