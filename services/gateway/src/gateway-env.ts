import type { Logger } from '@rv/logger'
import type { StreamedForm } from './contract/streamed-upload/read-multipart-stream'

/** Per-request values the middleware chain sets and routes read. */
export interface GatewayEnv {
  Variables: {
    requestId: string
    logger: Logger
    tenant: { id: string; profile: { name: string; version: number } | undefined }
    /** The scopes of the API key the request presented (auth/bearer-auth). */
    scopes: readonly string[]
    idempotencyKey: string | null
    /** A check submission's parts, read as a stream by contract/streamed-upload. */
    form: StreamedForm
  }
}
