import { creditLineProblem } from '@rv/core/settlement'
import type { CreditLine } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { creditInput, creditLines } from './credit-inputs'
import { Prng } from './mutate'

const ctx = {
  key: 'k',
  readOnlyKey: 'r',
  otherTenantLineIds: ['o-1', 'o-2', 'o-3'],
  otherTenantCheckId: 'chk_01OTHER0000000000000000001',
  runId: 'run',
}

function byKind() {
  const kinds = new Map<string, ReturnType<typeof creditInput>>()
  for (let i = 0; i < 2000; i++) {
    const req = creditInput(new Prng(i), ctx, i)
    if (!kinds.has(req.name)) kinds.set(req.name, req)
  }
  return kinds
}
const linesOf = (req: ReturnType<typeof creditInput> | undefined) =>
  (JSON.parse(req?.body as string) as { lines: CreditLine[] }).lines

describe('creditInput', () => {
  const kinds = byKind()

  it('is the same request for the same seed and index', () => {
    expect(creditInput(new Prng(9), ctx, 9)).toEqual(creditInput(new Prng(9), ctx, 9))
  })

  it('makes every kind of hostile credit request', () => {
    expect(kinds.size).toBeGreaterThanOrEqual(30)
  })

  it('makes valid lines (unique ids of this run, amounts the store holds)', () => {
    const lines = creditLines(new Prng(1), 'run', 4, 50)
    expect(new Set(lines.map((l) => l.line_id)).size).toBe(50)
    for (const l of lines) {
      expect(l.line_id).toMatch(/^run-c4-\d+$/)
      expect(creditLineProblem(l)).toBeUndefined()
    }
  })

  it('repeats a line id in a duplicate batch, and goes over 1000 lines and 10 MiB', () => {
    const ids = linesOf(kinds.get('duplicate-line-ids')).map((l) => l.line_id)
    expect(new Set(ids).size).toBe(ids.length - 1)
    expect(linesOf(kinds.get('over-1000-lines')).length).toBeGreaterThan(1000)
    expect(String(kinds.get('over-10-mib')?.body ?? '').length).toBeGreaterThan(10 * 2 ** 20)
  })

  it('reads the other tenant check with its own key, and posts its line ids as its own', () => {
    expect(kinds.get('settlement-other-tenant-check')).toMatchObject({
      method: 'GET',
      path: `/v1/checks/${ctx.otherTenantCheckId}/settlement`,
      headers: { authorization: 'Bearer k' },
    })
    for (const id of linesOf(kinds.get('other-tenant-line-ids')).map((l) => l.line_id))
      expect(ctx.otherTenantLineIds).toContain(id)
  })

  it('writes non-finite amounts as JSON text cannot', () => {
    expect(kinds.get('non-finite-amount')?.body).toMatch(
      /"amount":(1e400|-1e400|NaN|Infinity|0x10|01|1\.|\.5)[,}]/,
    )
  })
})
