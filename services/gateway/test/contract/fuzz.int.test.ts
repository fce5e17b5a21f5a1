import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { conforming, type Harness, pdf, startHarness } from './contract-harness'

const stack = inject('stack')
let h: Harness

beforeAll(async () => {
  h = await startHarness(stack, 'it-fuzz')
})
afterAll(async () => {
  await h?.close()
})

/** Expectation texts: near-valid objects, arbitrary JSON, and arbitrary text. */
const expectationText = fc.oneof(
  fc
    .record(
      {
        amount: fc.oneof(fc.double({ noNaN: false }), fc.integer(), fc.string()),
        currency: fc.oneof(fc.constantFrom('RUB', 'USD'), fc.string({ maxLength: 5 })),
        recipient: fc.oneof(
          fc.record(
            { name: fc.string(), phone: fc.string(), card: fc.string(), account: fc.string() },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
        bank: fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 25 })),
        window: fc.oneof(
          fc.record(
            { from: fc.string(), to: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
            { requiredKeys: [] },
          ),
          fc.record(
            { at: fc.string(), tolerance_seconds: fc.oneof(fc.integer(), fc.double()) },
            { requiredKeys: [] },
          ),
        ),
        type: fc.oneof(fc.constantFrom('client_transfer', 'salary'), fc.array(fc.string(), { maxLength: 3 })),
        payment_reference: fc.string({ maxLength: 300 }),
        order_ref: fc.string({ maxLength: 300 }),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constant('x'.repeat(20_000)),
)

const fileBytes = fc.oneof(
  fc.constant(pdf),
  fc.uint8Array({ maxLength: 2048 }),
  fc
    .uint8Array({ maxLength: 512 })
    .map((b) => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...b])),
)

describe('fuzzed submissions never produce a 5xx or an undocumented response', () => {
  it('multipart forms with arbitrary expectations, files, names and idempotency keys', async () => {
    const app = h.app()
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            expectation: fc.option(expectationText, { nil: undefined }),
            file: fc.option(fileBytes, { nil: undefined }),
            filename: fc.string({ maxLength: 300 }),
            key: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
            prefer: fc.option(fc.constantFrom('wait=0', 'wait=abc', 'respond-async', 'wait=99999999'), {
              nil: undefined,
            }),
          },
          { requiredKeys: [] },
        ),
        async (input) => {
          const form = new FormData()
          if (input.file) form.set('file', new Blob([input.file]), input.filename ?? 'f')
          if (input.expectation !== undefined) form.set('expectation', input.expectation)
          const headers: Record<string, string> = { authorization: `Bearer ${h.key}` }
          // Header values must be ByteStrings without CR/LF for fetch; keep what HTTP can carry.
          if (input.key !== undefined) headers['idempotency-key'] = input.key.replace(/[^\x20-\x7e]/g, '')
          if (input.prefer !== undefined) headers['prefer'] = input.prefer
          const res = await app.request('/v1/checks', { method: 'POST', body: form, headers })
          expect(res.status).toBeLessThan(500)
          await conforming('post', '/v1/checks', res)
        },
      ),
      { numRuns: 40 },
    )
  }, 240_000)

  it('raw bodies that claim to be multipart but are not well formed', async () => {
    const app = h.app()
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom(
          'multipart/form-data; boundary=xyz',
          'multipart/form-data',
          'application/octet-stream',
          'text/plain',
        ),
        fc.boolean(),
        async (bytes, contentType, framed) => {
          const enc = new TextEncoder()
          const body = framed
            ? new Uint8Array([
                ...enc.encode(
                  '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n',
                ),
                ...bytes,
                ...enc.encode('\r\n--xyz--'),
              ])
            : bytes
          const res = await app.request('/v1/checks', {
            method: 'POST',
            body,
            headers: { authorization: `Bearer ${h.key}`, 'content-type': contentType },
          })
          expect(res.status).toBeLessThan(500)
          await conforming('post', '/v1/checks', res)
        },
      ),
      { numRuns: 60 },
    )
  }, 240_000)

  it('arbitrary check ids on GET', async () => {
    const app = h.app()
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (id) => {
        const res = await app.request(`/v1/checks/${encodeURIComponent(id)}`, {
          headers: { authorization: `Bearer ${h.key}` },
        })
        expect(res.status).toBeLessThan(500)
        // An empty id is another route (404 route_not_found); every other id is the GET operation.
        if (id !== '') await conforming('get', '/v1/checks/{id}', res)
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
