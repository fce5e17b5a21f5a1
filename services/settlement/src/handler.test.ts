import { defaultProfile, exampleRecord } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { handleCompleted } from './handler'
import type { SettlementDeps, SettlementStore } from './settle-document'

// A store that must not be touched: every call fails the test.
const untouchable = new Proxy({} as SettlementStore, {
  get: (_target, name) => () => {
    throw new Error(`store.${String(name)} called`)
  },
})
const deps: SettlementDeps = {
  store: untouchable,
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
