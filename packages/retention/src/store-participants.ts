import { type FileStorage, tenantFilePrefix } from '@rv/storage'
import type { Store } from '@rv/store'
import { consoleParticipants } from './console-participants'
import type { ErasureParticipant } from './erasure-registry'
import { settlementParticipants } from './settlement-participants'
import { webhookParticipants } from './webhook-participants'

/**
 * The participants this system has besides the check's own documents (which `createErasure` deletes
 * last): its file, its replay keys, the analysts' accepted check, and the review console's data
 * (`consoleParticipants`), settlement's (`settlementParticipants`) and the webhooks' deliveries and endpoints
 * (`webhookParticipants`). The gateway's DELETE, the admin commands and the retention sweeper all build their
 * erasure from this list.
 */
export function storeParticipants(
  store: Pick<Store, 'replay' | 'reviews' | 'idempotency'> &
    Parameters<typeof consoleParticipants>[0] &
    Parameters<typeof settlementParticipants>[0] &
    Parameters<typeof webhookParticipants>[0],
  storage: Pick<FileStorage, 'remove' | 'removePrefix'>,
): ErasureParticipant[] {
  return [
    {
      name: 'files',
      async eraseCheck({ fileKey, tenantId }) {
        // Objects stored before tenant-scoped keys (`sha256/…`) may be shared with another tenant: only
        // the tenant's own prefix is deleted here (docs/data-retention.md, "Files stored before").
        if (fileKey?.startsWith(tenantFilePrefix(tenantId))) await storage.remove(fileKey)
      },
      async eraseTenant(tenantId) {
        await storage.removePrefix(tenantFilePrefix(tenantId))
      },
    },
    {
      name: 'replay_keys',
      eraseCheck: ({ tenantId, checkId }) => store.replay.eraseCheck(tenantId, checkId),
      async eraseTenant(tenantId) {
        await store.replay.eraseTenant(tenantId)
      },
    },
    { name: 'review_decisions', eraseCheck: ({ checkId }) => store.reviews.eraseCheck(checkId) },
    {
      // A key names a check id, no personal data, and goes within 24 h: only a tenant's erasure asks.
      name: 'idempotency_keys',
      eraseCheck: async () => undefined,
      eraseTenant: (tenantId) => store.idempotency.eraseTenant(tenantId),
    },
    ...consoleParticipants(store),
    ...settlementParticipants(store),
    ...webhookParticipants(store),
  ]
}
