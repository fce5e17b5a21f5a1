import type { CreditReceivedV1 } from '@rv/schemas'

/**
 * Which credit.received.v1 messages settlement takes (docs/settlement.md, "Who may post credits"). The
 * tenant inside a message is only as good as its producer: the gateway takes it from the API key
 * (`source` `api` or `statement`), the admin CLI from its operator's `--tenant`. No outside producer is
 * bound to a tenant on the shared topic, so `stream` messages (the former invitation to platforms to publish
 * their bank feed themselves) and messages without a source are refused; such a platform posts over HTTP
 * with its tenant's key. The binding itself is the topic's Write ACL — the gateway's and the admin's
 * principals only (docs/deploy-production.md); this check stops a producer that honestly says `stream`.
 */
export function unboundCreditProducer(event: Pick<CreditReceivedV1, 'source'>): string | null {
  return event.source === 'api' || event.source === 'statement'
    ? null
    : `credit.received.v1 from an outside producer (source ${event.source ?? 'absent'}) is not bound to a tenant: post it over HTTP`
}
