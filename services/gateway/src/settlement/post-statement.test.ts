import { createLogger } from '@rv/logger'
import type { CreditReceivedV1 } from '@rv/schemas'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../error-handler/error-handler'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { postStatement } from './post-statement'

/** The statement route alone, its publishes recorded (one array per publish call). */
function route(maxStatementLines?: number) {
  const sent: CreditReceivedV1[][] = []
  const deps = {
    limits: { maxFileBytes: 1, maxWaitSeconds: 0, waitPollMs: 1, maxStatementLines },
    publishCredits: async (events: readonly CreditReceivedV1[]) => void sent.push([...events]),
  } as unknown as GatewayDeps
  const app = new Hono<GatewayEnv>()
  app.onError(errorHandler())
  app.use(async (c, next) => {
    c.set('requestId', 'req_test')
    c.set('logger', createLogger({ level: 'silent' }))
    c.set('tenant', { id: 'ten_a', profile: undefined })
    await next()
  })
  app.post('/s', postStatement(deps))
  const post = (csv: string) =>
    app.request('/s?format=csv&columns=line_id:id,amount:sum,credited_at:at,payer_name:who', {
      method: 'POST',
      body: csv,
    })
  return { sent, post }
}

const csv = (rows: string[]) => `id;sum;at;who\n${rows.join('\n')}\n`
const row = (id: string) => `${id};100,00;11.02.2026 10:10:14;Пётр Сергеевич Л.`

describe('POST /v1/credits/statements', () => {
  it('publishes every line of a good statement in one batch, not one by one', async () => {
    const { sent, post } = route()
    const res = await post(csv(['a', 'b', 'c'].map(row)))
    expect(res.status).toBe(202)
    expect(sent.map((batch) => batch.map((e) => e.credit.line_id))).toEqual([['a', 'b', 'c']])
  })

  it('refuses the whole statement when a line after good ones is bad: nothing is published', async () => {
    const { sent, post } = route()
    // The third line parses but repeats a line id: the schema-and-batch check refuses it.
    const res = await post(csv([row('a'), row('b'), row('a')]))
    expect(res.status).toBe(422)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('statement_invalid')
    expect(sent).toEqual([])
  })

  it('refuses a statement over the line cap with 413 batch_too_large, nothing published', async () => {
    const { sent, post } = route(2)
    const res = await post(csv(['a', 'b', 'c'].map(row)))
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('batch_too_large')
    expect(sent).toEqual([])
    expect((await route(3).post(csv(['a', 'b', 'c'].map(row)))).status).toBe(202)
  })

  it('stops parsing a CSV at the line cap: rows past it are never read (a bad one there is not what refuses it)', async () => {
    const { sent, post } = route(2)
    const res = await post(csv([row('a'), row('b'), row('c'), 'd;not an amount;never;x']))
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('batch_too_large')
    expect(sent).toEqual([])
  })
  it('refuses a statement with a NUL in a payer name (FerretDB would refuse the stored credit): 422, nothing published', async () => {
    const { sent, post } = route()
    const res = await post(csv([row('a'), 'b;100,00;11.02.2026 10:10:14;Иван\u0000И.']))
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { code: string; details: { path: string }[] } }
    expect(body.error.code).toBe('statement_invalid')
    expect(body.error.details[0]?.path).toBe('/lines/1/payer_name')
    expect(sent).toEqual([])
  })
})
