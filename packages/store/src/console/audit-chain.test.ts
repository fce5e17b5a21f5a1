import { describe, expect, it } from 'vitest'
import { auditPlace, chainFields, verifyAuditChain } from './audit-chain'

type Entry = Parameters<typeof verifyAuditChain>[0][number]

function chain(n: number): Entry[] {
  const out: Entry[] = []
  let prev = ''
  for (let seq = 1; seq <= n; seq++) {
    const base = {
      tenant_id: 'ten_a',
      email: 'analyst@a.test',
      action: 'claim',
      check_id: `chk_${seq}`,
      detail: null,
      key: null,
      at: new Date(Date.UTC(2026, 10, 28, 0, seq)),
    }
    const fields = chainFields(base, seq, prev)
    out.push({ _id: auditPlace('ten_a', seq), ...base, ...fields })
    prev = fields.hash
  }
  return out
}
const headOf = (entries: Entry[]) => ({ seq: entries.length, hash: entries.at(-1)?.hash ?? '' })

describe('verifyAuditChain', () => {
  it('passes an intact chain', () => {
    const entries = chain(4)
    expect(verifyAuditChain(entries, headOf(entries))).toMatchObject({ entries: 4, problems: [] })
  })

  it('finds an edited entry, a deleted one and a deleted tail', () => {
    const edited = chain(4)
    ;(edited[1] as Entry).email = 'someone@else.test'
    expect(verifyAuditChain(edited, headOf(chain(4))).problems).toEqual(['entry 2 changed'])

    const gap = chain(4)
    const head = headOf(gap)
    gap.splice(1, 1)
    expect(verifyAuditChain(gap, head).problems).toEqual([
      'entries 2–2 missing',
      'entry 3 does not follow the entry before it',
    ])

    const tail = chain(4)
    const tailHead = headOf(tail)
    tail.pop()
    expect(verifyAuditChain(tail, tailHead).problems).toEqual(['entries 4–4 missing (the head is 4)'])
  })

  it('finds a rewritten check id, and keeps an erased entry verifiable', () => {
    const entries = chain(3)
    ;(entries[0] as Entry).check_id = 'chk_other'
    expect(verifyAuditChain(entries, headOf(entries)).problems).toEqual([
      'entry 1 changed (check, detail or key)',
    ])

    const erased = chain(3)
    Object.assign(erased[1] as Entry, { check_id: null, detail: null, key: null, erased: true })
    expect(verifyAuditChain(erased, headOf(erased))).toMatchObject({ erased: 1, problems: [] })
    // An erased entry's user, action and time are still held to the chain.
    ;(erased[1] as Entry).email = 'someone@else.test'
    expect(verifyAuditChain(erased, headOf(erased)).problems).toEqual(['entry 2 changed'])
  })
})
