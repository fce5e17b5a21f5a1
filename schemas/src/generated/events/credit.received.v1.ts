/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { CreditLine } from '../settlement'

/**
 * Value of topic credit.received.v1 (gateway, admin CLI or a platform's own bank-feed producer -> settlement): one incoming payment of a tenant. Key: the tenant id, so one tenant's credits keep their order. Redelivery and re-posting are harmless: a credit is stored once per (tenant, line_id).
 */
export interface CreditReceivedV1 {
  tenant_id: string
  /**
   * How the line came in: POST /v1/credits, a statement file (API or admin CLI). `stream` (a platform's own producer) and an absent source are refused by settlement: no outside producer is bound to a tenant on this topic (docs/settlement.md).
   */
  source?: 'api' | 'statement' | 'stream'
  credit: CreditLine
}