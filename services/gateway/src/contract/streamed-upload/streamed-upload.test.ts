import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../../error-handler/error-handler'
import type { GatewayEnv } from '../../gateway-env'
import { countingStream, multipartBody, multipartType, partHead } from './multipart-test-body'
import { streamedUpload } from './streamed-upload'

const maxFileBytes = 128 * 1024

function app() {
  const a = new Hono<GatewayEnv>()
  a.use(async (c, next) => {
    c.set('requestId', 'req_test')
    await next()
  })
  a.post('/x', streamedUpload({ maxFileBytes, overheadBytes: 4096 }), (c) => {
    const form = c.get('form')
    return c.json({ size: form.file?.bytes.byteLength, expectation: form.expectationText })
  })
  a.onError(errorHandler())
  return a
}
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code
const pdf = new TextEncoder().encode('%PDF-1.4\n')

describe('streamedUpload', () => {
  it('leaves the parts of a good form to the route, the expectation after the file', async () => {
    const form = new FormData()
    form.set('file', new Blob([pdf]), 'a.pdf')
    form.set('expectation', '{}')
    const res = await app().request('/x', { method: 'POST', body: form })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ size: pdf.byteLength, expectation: '{}' })
  })

  it.each(['application/json', 'text/plain', 'application/x-www-form-urlencoded'])(
    'answers 400 file_missing for a %s body without reading it',
    async (type) => {
      const body = countingStream({ prefix: new TextEncoder().encode('{"file":"x"}'), chunkBytes: 4 })
      const res = await app().request('/x', {
        method: 'POST',
        body: body.stream,
        headers: { 'content-type': type },
        duplex: 'half',
      } as RequestInit)
      expect([res.status, await errorCode(res)]).toEqual([400, 'file_missing'])
      expect(body.pulled()).toBe(0)
    },
  )

  it('answers 413 before reading a byte when the declared length is over the limit', async () => {
    const body = countingStream({
      prefix: partHead({ name: 'file', filename: 'a.pdf', bytes: pdf }),
      chunkBytes: 1024,
    })
    const res = await app().request('/x', {
      method: 'POST',
      body: body.stream,
      headers: { 'content-type': multipartType, 'content-length': String(maxFileBytes + 4097) },
      duplex: 'half',
    } as RequestInit)
    expect([res.status, await errorCode(res)]).toEqual([413, 'file_too_large'])
    expect(body.pulled()).toBe(0)
  })

  it('answers 413 for a body sent without a length once the file passes the limit, not at its end', async () => {
    const chunkBytes = 16 * 1024
    const body = countingStream({
      prefix: partHead({ name: 'file', filename: 'a.pdf', bytes: pdf }),
      fillerBytes: 50 * maxFileBytes,
      chunkBytes,
    })
    const res = await app().request('/x', {
      method: 'POST',
      body: body.stream,
      headers: { 'content-type': multipartType },
      duplex: 'half',
    } as RequestInit)
    expect([res.status, await errorCode(res)]).toEqual([413, 'file_too_large'])
    expect(body.pulled()).toBeLessThanOrEqual(maxFileBytes + chunkBytes + 1024)
  })

  it('answers an expectation over 16 KiB as the validator does (422), without reading the rest', async () => {
    const body = countingStream({
      prefix: partHead({ name: 'expectation', text: '' }),
      fillerBytes: maxFileBytes,
      chunkBytes: 1024,
    })
    const res = await app().request('/x', {
      method: 'POST',
      body: body.stream,
      headers: { 'content-type': multipartType },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(422)
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({
      code: 'expectation_invalid',
      param: 'expectation',
      details: [{ path: '', message: 'must be at most 16384 bytes' }],
    })
    expect(body.pulled()).toBeLessThanOrEqual(16 * 1024 + 2048)
  })

  it('answers 400 invalid_request for a malformed multipart body', async () => {
    const res = await app().request('/x', {
      method: 'POST',
      body: multipartBody([{ name: 'file', filename: 'a.pdf', bytes: pdf }], { close: false }),
      headers: { 'content-type': multipartType },
    })
    expect([res.status, await errorCode(res)]).toEqual([400, 'invalid_request'])
  })
})
