import type { Readable } from 'node:stream'
import { createMiddleware } from 'hono/factory'
import { defaultMaxExpectationBytes } from '../../checks/expectation-validator'
import type { GatewayEnv } from '../../gateway-env'
import { nodeBodySource } from './body-source'
import { type MultipartLimits, readMultipartStream } from './read-multipart-stream'
import { uploadErrors } from './upload-errors'

export interface StreamedUploadOptions {
  maxFileBytes: number
  /** Room for the envelope and the text parts on top of the file (default 64 KiB). */
  overheadBytes?: number
  /** The `expectation` part (default 16 KiB, the expectation's own limit). */
  maxFieldBytes?: number
  /** Parts of any name (default 16). */
  maxParts?: number
}

/**
 * Streams a check submission's multipart body (`readMultipartStream`) and leaves the parts in
 * `c.get('form')`. A body declared longer than the limits is refused before a byte is read; one sent
 * without a length, or a part over its limit, as soon as the limit is passed. A body that is not
 * multipart carries no `file` part (400 `file_missing`); broken framing is 400 `invalid_request`.
 *
 * @example
 * app.post('/v1/checks', streamedUpload({ maxFileBytes: 10 * 1024 * 1024 }), submitCheck(deps))
 */
export function streamedUpload(options: StreamedUploadOptions) {
  const maxFieldBytes = options.maxFieldBytes ?? defaultMaxExpectationBytes
  const limits: MultipartLimits = {
    maxFileBytes: options.maxFileBytes,
    maxBodyBytes: options.maxFileBytes + (options.overheadBytes ?? 64 * 1024),
    maxFieldBytes,
    maxParts: options.maxParts ?? 16,
  }
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const contentType = c.req.header('content-type') ?? ''
    if (!/^multipart\/form-data(;|$)/i.test(contentType.trim())) throw uploadErrors.fileMissing()
    const contentLength = declaredLength(c.req.raw.headers)
    if (contentLength !== undefined && contentLength > limits.maxBodyBytes)
      throw uploadErrors.fileTooLarge(limits.maxFileBytes)
    const incoming = (c.env as { incoming?: Readable } | undefined)?.incoming
    const body = incoming ? nodeBodySource(incoming) : c.req.raw.body
    c.set('form', await readMultipartStream(body, { contentType, contentLength }, limits))
    await next()
  })
}

/** The body's length when the client declared one (a chunked body has none, whatever it claims). */
function declaredLength(headers: Headers): number | undefined {
  const raw = headers.get('content-length')
  if (raw === null || headers.has('transfer-encoding') || !/^\d+$/.test(raw.trim())) return undefined
  return Number(raw.trim())
}
