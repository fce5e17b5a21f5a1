/**
 * The built-in profile every tenant starts with (`default`, version 1). Its choices, in short: a forged
 * document or a reused operation id is rejected; a wrong amount or currency is rejected; anything else
 * that is off goes to a person (review), because an extraction slip must not cost a genuine payer.
 */
import type { Profile } from '@rv/schemas'

export const defaultProfile: Profile = {
  name: 'default',
  version: 1,
  tenant_id: null,
  description: 'Built-in profile: reject forgeries, reused operation ids and wrong amounts; review the rest.',
  document: { forged: 'reject', suspicious: 'review', unknown_family: 'review' },
  checks: {},
  match: {
    flags: {
      bank: 'review',
      amount: 'reject',
      currency: 'reject',
      recipient: 'review',
      window: 'review',
      type: 'review',
      status: 'review',
      payment_reference: 'review',
    },
    amount_tolerance: 0,
    min_visible_digits: 4,
  },
  expectation: { required_members: [], missing: 'review' },
  replay: {
    identical_file: 'review',
    same_receipt: 'review',
    operation_id_reused: 'reject',
    cross_tenant: false,
    cross_tenant_action: 'review',
  },
  errors: { failed: 'review' },
}
