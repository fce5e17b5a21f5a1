import { describe, expect, it } from 'vitest'
import { unboundCreditProducer } from './credit-producer'

describe('credit producers bound to their tenant', () => {
  it("takes the gateway's credits (tenant from the API key) and refuses an outside stream's", () => {
    expect(unboundCreditProducer({ source: 'api' })).toBeNull()
    expect(unboundCreditProducer({ source: 'statement' })).toBeNull()
    expect(unboundCreditProducer({ source: 'stream' })).toMatch(/not bound to a tenant/)
    expect(unboundCreditProducer({})).toMatch(/source absent/)
  })
})
