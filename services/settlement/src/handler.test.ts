import { defaultProfile, exampleRecord } from '@rv/core'
import type { CheckRecord, CreditReceivedV1 } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { handleCompleted, handleCredit } from './handler'
import type { SettlementDeps, SettlementStore } from './settle-document'

// A store that must not be touched: every call fails the test.
const untouchable = new Proxy({} as SettlementStore, {
  get: (_target, name) => () => {
    throw new Error(`store.${String(name)} called`)
  },
})
const nothingErased: SettlementDeps['erasure'] = {
  isCheckErased: async () => false,
  isCreditErased: async () => false,
  afterCheckStored: async () => ({ erased: false, credits: true }),
  afterCreditStored: async () => ({ erased: false }),
  eraseCheck: async () => {
    throw new Error('erased')
  },
  eraseCredit: async () => {
    throw new Error('erased')
  },
}
const deps: SettlementDeps = {
  store: untouchable,
  erasure: nothingErased,
  profile: async () => defaultProfile,
  publish: async () => {
    throw new Error('published')
  },
  now: () => 0,
}
const done: CheckRecord = { ...exampleRecord(), status: 'done', recommendation: 'accept' }

describe('settlement handleCompleted', () => {
  it('leaves failed checks and checks still running alone', async () => {
    await handleCompleted({ ...done, status: 'failed' }, deps)
    await handleCompleted({ ...done, status: 'processing', recommendation: null }, deps)
  })

  it('leaves a check without an amount or a payment time alone (nothing to settle)', async () => {
    await handleCompleted({ ...done, fields: { ...done.fields, amount: null } }, deps)
    await handleCompleted({ ...done, fields: { ...done.fields, paid_at: null } }, deps)
  })

  it('stores a settleable check (the store is reached)', async () => {
    await expect(handleCompleted(done, deps)).rejects.toThrow(/store\.putSettlement called/)
  })
})

describe('settlement honours erasure', () => {
  const credit: CreditReceivedV1 = {
    tenant_id: done.tenant_id,
    source: 'api',
    credit: {
      line_id: 'line-1',
      amount: 100,
      currency: 'RUB',
      credited_at: '2026-02-11T07:12:00Z',
      time_precision: 'second',
      payer_name: 'Иван И.',
    },
  }

  it('drops a completed check erased before it arrives, and a credit line erased before (store untouched)', async () => {
    const erased: SettlementDeps['erasure'] = {
      ...nothingErased,
      isCheckErased: async () => true,
      isCreditErased: async () => true,
    }
    await handleCompleted(done, { ...deps, erasure: erased })
    await handleCredit(credit, { ...deps, erasure: erased })
  })

  it('takes back its own insert when the erasure ran between the check and the insert', async () => {
    const taken: string[] = []
    const store = {
      putSettlement: async (doc: object) => ({ doc: { ...doc, _id: 'x' }, created: true }),
      putCredit: async (doc: object) => ({ doc: { ...doc, _id: 'y' }, created: true }),
    } as unknown as SettlementStore
    const late: SettlementDeps['erasure'] = {
      ...nothingErased,
      afterCheckStored: async () => ({ erased: true }),
      afterCreditStored: async () => ({ erased: true }),
      eraseCheck: async (_t, checkId) => void taken.push(checkId),
      eraseCredit: async (_t, lineId) => void taken.push(lineId),
    }
    await handleCompleted(done, { ...deps, store, erasure: late })
    await handleCredit(credit, { ...deps, store, erasure: late })
    expect(taken).toEqual([done.id, 'line-1'])
  })
})

describe('a tenant without credits', () => {
  it('stores the check and settles it without looking for a credit', async () => {
    const called: string[] = []
    const store = new Proxy({} as SettlementStore, {
      get: (_target, name) => async (doc: object) => {
        called.push(String(name))
        if (name === 'putSettlement') return { doc: { ...doc, _id: 'x' }, created: true }
        return name === 'creditCandidates' ? [] : undefined
      },
    })
    const published: string[] = []
    const none: SettlementDeps['erasure'] = {
      ...nothingErased,
      afterCheckStored: async () => ({ erased: false, credits: false }),
    }
    await handleCompleted(done, {
      ...deps,
      store,
      erasure: none,
      publish: async (e) => void published.push(e.settlement.status),
    })
    expect(called).toEqual(['putSettlement', 'saveOutcome'])
    expect(published).toHaveLength(1)
    called.length = 0
    await handleCompleted(done, { ...deps, store, erasure: nothingErased, publish: async () => {} })
    expect(called).toContain('creditCandidates')
  })
})
