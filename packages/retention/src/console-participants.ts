import type { Store } from '@rv/store'
import type { ErasureParticipant } from './erasure-registry'

/**
 * What the review console holds of a check or a tenant (docs/console.md, docs/data-retention.md): the
 * decisions, their audit entries, the queue entry and its claims, the forgery regression set; of a tenant
 * also its console users and sessions and its leads' version approvals. The forgery set and the accepted
 * checks keep file references, never copies: the file itself is the `files` participant's.
 */
export function consoleParticipants(
  store: Pick<
    Store,
    'decisions' | 'audit' | 'reviewQueue' | 'forgerySet' | 'consoleUsers' | 'versionApprovals'
  >,
): ErasureParticipant[] {
  return [
    {
      name: 'check_decisions',
      eraseCheck: ({ checkId }) => store.decisions.eraseCheck(checkId),
      eraseTenant: (tenantId) => store.decisions.eraseTenant(tenantId),
    },
    {
      name: 'console_audit',
      eraseCheck: ({ checkId }) => store.audit.eraseCheck(checkId),
      eraseTenant: (tenantId) => store.audit.eraseTenant(tenantId),
    },
    {
      name: 'review_queue',
      eraseCheck: ({ checkId }) => store.reviewQueue.eraseCheck(checkId),
      eraseTenant: (tenantId) => store.reviewQueue.eraseTenant(tenantId),
    },
    {
      name: 'forgery_set',
      eraseCheck: ({ checkId }) => store.forgerySet.eraseCheck(checkId),
      eraseTenant: (tenantId) => store.forgerySet.eraseTenant(tenantId),
    },
    {
      name: 'console_users',
      eraseCheck: async () => undefined,
      eraseTenant: (tenantId) => store.consoleUsers.eraseTenant(tenantId),
    },
    {
      name: 'fingerprint_approvals',
      eraseCheck: async () => undefined,
      eraseTenant: (tenantId) => store.versionApprovals.eraseTenant(tenantId),
    },
  ]
}
