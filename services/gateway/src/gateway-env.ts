import type { Logger } from '@rv/logger'

/** Per-request values the middleware chain sets and routes read. */
export interface GatewayEnv {
  Variables: {
    requestId: string
    logger: Logger
    tenant: { id: string; profile: { name: string; version: number } | undefined }
    idempotencyKey: string | null
  }
}
