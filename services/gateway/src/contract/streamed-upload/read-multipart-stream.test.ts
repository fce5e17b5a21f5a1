import { sha256Hex } from '@rv/storage'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  chunkedStream,
  countingStream,
  multipartBody,
  multipartType,
  partHead,
  type TestPart,
} from './multipart-test-body'
import { type MultipartLimits, readMultipartStream } from './read-multipart-stream'

const limits: MultipartLimits = {
  maxFileBytes: 256 * 1024,
  maxBodyBytes: 256 * 1024 + 64 * 1024,
  maxFieldBytes: 1024,
  maxParts: 4,
}
const pdf = new TextEncoder().encode('%PDF-1.7\nsome bytes\n%%EOF\n')
const filePart: TestPart = { name: 'file', filename: 'r.pdf', bytes: pdf }
const expectationPart: TestPart = { name: 'expectation', text: '{"amount":1}' }

function read(body: Uint8Array | ReadableStream<Uint8Array>, contentType = multipartType) {
  const stream = body instanceof ReadableStream ? body : chunkedStream(body, [4096])
  return readMultipartStream(stream, { contentType }, limits)
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: { status: number; code: string }) => ({ status: e.status, code: e.code }),
  )

describe('readMultipartStream', () => {
  it.each([
    ['before', [expectationPart, filePart]],
    ['after', [filePart, expectationPart]],
  ])('reads the file and an expectation sent %s it, hashing the file as it streams', async (_, parts) => {
    const form = await read(multipartBody(parts))
    expect(form.expectationText).toBe('{"amount":1}')
    expect(form.file).toMatchObject({ filename: 'r.pdf', sha256: sha256Hex(pdf) })
    expect(form.file?.bytes).toEqual(pdf)
  })

  it('reads an expectation sent as a file part as text, and skips parts of other names', async () => {
    const form = await read(
      multipartBody([
        { name: 'note', text: 'ignored' },
        filePart,
        { name: 'expectation', filename: 'e.json', bytes: new TextEncoder().encode('{"a":"é"}') },
      ]),
    )
    expect(form.expectationText).toBe('{"a":"é"}')
    expect(form.file?.bytes).toEqual(pdf)
  })

  it('keeps the filename as sent (it is part of the idempotency fingerprint)', async () => {
    const form = await read(multipartBody([{ ...filePart, filename: 'C:\\scans\\r.pdf' }]))
    expect(form.file?.filename).toBe('C:\\scans\\r.pdf')
  })

  it('decodes names and text as the WHATWG form parser does (an escaped quote, no byte-order mark)', async () => {
    const sent = new FormData()
    sent.set('file', new Blob([pdf]), 'чек №1 "q".pdf')
    sent.set('expectation', '\uFEFF{"amount":1}')
    const request = new Request('http://gateway/', { method: 'POST', body: sent })
    const form = await readMultipartStream(
      request.body,
      { contentType: request.headers.get('content-type') as string },
      limits,
    )
    expect(form.file?.filename).toBe('чек №1 "q".pdf')
    expect(form.expectationText).toBe('{"amount":1}')
  })

  it('parses the same parts however the body is cut into chunks', async () => {
    const file = new Uint8Array(3000).map((_, i) => (i * 7) % 256)
    const body = multipartBody([expectationPart, { name: 'file', filename: 'r.pdf', bytes: file }])
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 8 }),
        async (sizes) => {
          const form = await read(chunkedStream(body, sizes))
          expect(form.expectationText).toBe('{"amount":1}')
          expect(form.file?.sha256).toBe(sha256Hex(file))
        },
      ),
      { numRuns: 50 },
    )
  })

  it('refuses a file far over the limit after pulling at most the limit and one chunk, and cancels the body', async () => {
    const chunkBytes = 16 * 1024
    const body = countingStream({
      prefix: partHead(filePart),
      fillerBytes: 20 * limits.maxFileBytes,
      chunkBytes,
    })
    expect(await failure(read(body.stream))).toEqual({ status: 413, code: 'file_too_large' })
    expect(body.pulled()).toBeLessThanOrEqual(limits.maxFileBytes + chunkBytes + 1024)
    expect(body.cancelled()).toBe(true)
  })

  it('refuses a body over its limit carried by a part it skips, at the limit and one chunk', async () => {
    const chunkBytes = 8 * 1024
    const body = countingStream({
      prefix: partHead({ name: 'junk', filename: 'j.bin', bytes: new Uint8Array() }),
      fillerBytes: 10 * limits.maxBodyBytes,
      chunkBytes,
    })
    expect(await failure(read(body.stream))).toEqual({ status: 413, code: 'file_too_large' })
    expect(body.pulled()).toBeLessThanOrEqual(limits.maxBodyBytes + chunkBytes)
  })

  it('accepts a file of exactly the limit', async () => {
    const bytes = new Uint8Array(limits.maxFileBytes).fill(1)
    const form = await read(multipartBody([{ ...filePart, bytes }]))
    expect(form.file?.bytes.byteLength).toBe(limits.maxFileBytes)
  })

  it('stops at a second expectation part without reading the rest', async () => {
    const chunkBytes = 1024
    const body = countingStream({
      prefix: multipartBody([expectationPart, expectationPart], { close: false }),
      fillerBytes: 200 * 1024,
      chunkBytes,
    })
    expect(await failure(read(body.stream))).toEqual({ status: 400, code: 'expectation_invalid' })
    expect(body.pulled()).toBeLessThan(8 * chunkBytes)
  })

  it.each([
    ['two file parts', [filePart, filePart], 400, 'file_missing'],
    ['a text part named file beside the file', [{ name: 'file', text: 'x' }, filePart], 400, 'file_missing'],
    [
      'an expectation over its limit',
      [{ name: 'expectation', text: 'x'.repeat(1025) }],
      422,
      'expectation_invalid',
    ],
    [
      'an expectation file over its limit',
      [{ name: 'expectation', filename: 'e.json', bytes: new Uint8Array(1025).fill(65) }],
      422,
      'expectation_invalid',
    ],
    [
      'more parts than allowed',
      Array.from({ length: 5 }, () => ({ name: 'x', text: 'y' })),
      400,
      'invalid_request',
    ],
  ])('refuses %s with %i %s', async (_, parts, status, code) => {
    expect(await failure(read(multipartBody(parts as TestPart[])))).toEqual({ status, code })
  })

  it.each([
    ['an empty body', new Uint8Array(), multipartType],
    ['a body cut before its closing delimiter', multipartBody([filePart], { close: false }), multipartType],
    ['no boundary in the content type', multipartBody([filePart]), 'multipart/form-data'],
    ['garbage', new TextEncoder().encode('not multipart at all'), multipartType],
  ])('answers 400 invalid_request for %s', async (_, body, contentType) => {
    expect(await failure(read(body, contentType))).toEqual({ status: 400, code: 'invalid_request' })
  })

  it('answers 400 invalid_request when the body stream breaks mid-way', async () => {
    let sent = false
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error('socket reset'))
        sent = true
        controller.enqueue(partHead(filePart))
      },
    })
    expect(await failure(read(broken))).toEqual({ status: 400, code: 'invalid_request' })
  })
})
