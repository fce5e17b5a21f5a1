import { createLogger } from '@rv/logger'
import type { ApiErrorResponse } from '@rv/schemas'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api-error'
import type { GatewayEnv } from '../gateway-env'
import { requestId } from '../request-id/request-id'
import { errorHandler, notFoundHandler } from './error-handler'

function app() {
  const lines: string[] = []
  const a = new Hono<GatewayEnv>()
  a.use(requestId({ logger: createLogger({ write: (l) => lines.push(l) }), generate: () => 'req_1' }))
  a.get('/api', () => {
    throw new ApiError(422, 'expectation_invalid', {
      message: 'bad',
      param: 'expectation',
      details: [{ path: '/amount', message: 'must be a number' }],
    })
  })
  a.get('/hono', () => {
    throw new HTTPException(413, { message: 'too big' })
  })
  a.get('/boom', () => {
    throw new Error('secret internals')
  })
  a.onError(errorHandler())
  a.notFound(notFoundHandler())
  return { a, lines }
}

describe('errorHandler', () => {
  it('renders an ApiError with the request id in body and header', async () => {
    const res = await app().a.request('/api')
    expect(res.status).toBe(422)
    expect(res.headers.get('request-id')).toBe('req_1')
    expect(await res.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'expectation_invalid',
        message: 'bad',
        retryable: false,
        request_id: 'req_1',
        param: 'expectation',
        details: [{ path: '/amount', message: 'must be a number' }],
      },
    })
  })

  it('maps Hono exceptions to the same shape', async () => {
    const res = await app().a.request('/hono')
    expect(res.status).toBe(413)
    expect(((await res.json()) as ApiErrorResponse).error).toMatchObject({
      code: 'file_too_large',
      type: 'invalid_request_error',
    })
  })

  it('hides unexpected errors behind internal_error and logs them', async () => {
    const { a, lines } = app()
    const res = await a.request('/boom')
    expect(res.status).toBe(500)
    const body = (await res.json()) as ApiErrorResponse
    expect(body.error).toMatchObject({ code: 'internal_error', type: 'api_error', retryable: true })
    expect(JSON.stringify(body)).not.toContain('secret internals')
    expect(lines.join('\n')).toContain('secret internals')
  })

  it('answers unknown routes with route_not_found', async () => {
    const res = await app().a.request('/nope')
    expect(res.status).toBe(404)
    expect(((await res.json()) as ApiErrorResponse).error.code).toBe('route_not_found')
  })
})
