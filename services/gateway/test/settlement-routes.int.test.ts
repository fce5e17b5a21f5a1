import { encodeWindows1251, write1cStatement } from '@rv/core/settlement'
import type { CreditReceivedV1 } from '@rv/schemas'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { conforming, type Harness, startHarness } from './contract/contract-harness'

const stack = inject('stack')
let h: Harness
const received: CreditReceivedV1[] = []

beforeAll(async () => {
  h = await startHarness(stack, 'it-gw-settle')
  await h.bus.consume({
    groupId: randomName('it-gw-settle'),
    topics: ['credit.received.v1'],
    handle: async ({ value }) => {
      received.push(value)
    },
  })
})

afterAll(async () => {
  await h.close()
})

const app = () =>
  h.app({
    publishCredits: (events) =>
      h.bus.publishBatch(
        'credit.received.v1',
        events.map((event) => ({ key: event.tenant_id, value: event })),
      ),
    settlements: h.store.settlements,
  })
const auth = () => ({ authorization: `Bearer ${h.key}` })
const sbpId = 'B6042071012K4Q270000070011700101'
const line = (lineId: string, amount = 600) => ({
  line_id: lineId,
  amount,
  currency: 'RUB',
  credited_at: '2026-02-11T07:10:14Z',
  payer_name: 'Пётр Сергеевич Л.',
  sbp_operation_id: sbpId,
})

async function until(predicate: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('settlement routes on the real stack', () => {
  it('POST /v1/credits publishes every line of a valid batch, keyed to the caller tenant', async () => {
    const res = await app().request('/v1/credits', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [line('api-1'), line('api-2', 10)] }),
    })
    const seen = await conforming('post', '/v1/credits', res)
    expect(seen.status).toBe(202)
    expect(seen.body).toEqual({ accepted: 2, line_ids: ['api-1', 'api-2'] })
    await until(() => received.filter((r) => r.credit.line_id.startsWith('api-')).length === 2)
    expect(received.find((r) => r.credit.line_id === 'api-2')).toMatchObject({
      tenant_id: h.tenantId,
      source: 'api',
      credit: { amount: 10 },
    })
  })

  it('refuses a batch with one bad line as a whole, naming the line', async () => {
    const res = await app().request('/v1/credits', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [line('bad-1'), { ...line('bad-2'), amount: -5 }, line('bad-1')] }),
    })
    const seen = await conforming('post', '/v1/credits', res)
    expect(seen.status).toBe(422)
    const details = (seen.body as { error: { code: string; details: { path: string }[] } }).error
    expect(details.code).toBe('credit_invalid')
    expect(details.details.map((d) => d.path)).toEqual(['/lines/1/amount', '/lines/2/line_id'])
  })

  it('takes a 1C statement in windows-1251, and refuses a malformed one naming the line', async () => {
    const text = write1cStatement('40702810900000000001', [
      { number: '41', credit: line('x', 1500) },
      { number: '42', credit: { ...line('y', 20), sbp_operation_id: null } },
    ])
    const ok = await app().request('/v1/credits/statements?format=1c', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      body: encodeWindows1251(text),
    })
    const seen = await conforming('post', '/v1/credits/statements', ok)
    expect(seen.status).toBe(202)
    expect((seen.body as { accepted: number }).accepted).toBe(2)
    await until(() => received.some((r) => r.credit.operation_number === '42'))
    expect(received.find((r) => r.credit.operation_number === '41')).toMatchObject({
      source: 'statement',
      credit: { amount: 1500, payer_name: 'Пётр Сергеевич Л.', sbp_operation_id: sbpId },
    })

    const before = received.length
    const broken = text.replace('Сумма=20.00', 'Сумма=двадцать')
    const bad = await app().request('/v1/credits/statements?format=1c', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      body: encodeWindows1251(broken),
    })
    const refused = await conforming('post', '/v1/credits/statements', bad)
    expect(refused.status).toBe(422)
    const line42 = broken.split('\r\n').indexOf('Сумма=двадцать') + 1
    expect(refused.body).toMatchObject({
      error: { code: 'statement_invalid', details: [{ path: `/line/${line42}` }] },
    })
    // Nothing of the bad file went out, not even its good first document.
    await new Promise((r) => setTimeout(r, 1000))
    expect(received.length).toBe(before)
  })

  it('takes a CSV statement with a column mapping', async () => {
    const csv = 'id;sum;at;who\ncsv-1;"1 000,00";11.02.2026 10:10:14;Пётр Сергеевич Л.\n'
    const query = new URLSearchParams({
      format: 'csv',
      columns: 'line_id:id,amount:sum,credited_at:at,payer_name:who',
    })
    const res = await app().request(`/v1/credits/statements?${query}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'text/csv' },
      body: csv,
    })
    expect((await conforming('post', '/v1/credits/statements', res)).body).toEqual({
      accepted: 1,
      line_ids: ['csv-1'],
    })
  })

  it('GET /v1/checks/{id}/settlement is 404 until a settlement exists, then the settlement', async () => {
    const id = 'chk_01SETTLE00000000000000001'
    const missing = await app().request(`/v1/checks/${id}/settlement`, { headers: auth() })
    expect((await conforming('get', '/v1/checks/{id}/settlement', missing)).status).toBe(404)
    await h.store.settlements.putSettlement({
      tenant_id: h.tenantId,
      check_id: id,
      sbp_id: sbpId,
      operation_number: null,
      amount_minor: 500_000,
      day: '2026-02-11',
      check: {
        amount: 5000,
        currency: 'RUB',
        paid_at: '2026-02-11T07:10:12.000Z',
        payer_name: null,
        created_at: '2026-02-11T07:12:00.000Z',
        recommendation: 'accept',
        reasons: [],
        profile: { name: 'default', version: 1 },
      },
      settlement: null,
      awaiting: false,
      due_at: null,
      open: true,
    })
    const settlement = {
      status: 'amount_mismatch' as const,
      joined_by: 'sbp_operation_id' as const,
      credit: line('z', 10),
      reasons: ['settlement_amount_mismatch' as const],
      recommendation: 'reject' as const,
      due_at: null,
      updated_at: '2026-02-11T07:15:00.000Z',
    }
    await h.store.settlements.saveOutcome(h.tenantId, id, settlement)
    const found = await app().request(`/v1/checks/${id}/settlement`, { headers: auth() })
    const seen = await conforming('get', '/v1/checks/{id}/settlement', found)
    expect(seen.body).toEqual(settlement)
    // Another tenant's key reads it as unknown.
    const other = await h.store.tenants.createTenant('it-gw-settle-other')
    const { key } = await h.store.tenants.createKey(other._id)
    const hidden = await app().request(`/v1/checks/${id}/settlement`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(hidden.status).toBe(404)
  })
})
