import { sniffImageFormat } from '@rv/core/image/index'
import { ApiError } from '../api-error'

export type UploadKind = 'pdf' | 'image'

export interface Upload {
  bytes: Uint8Array
  filename: string
  /** Decided by the bytes: a PDF, or a PNG / JPEG / WebP / HEIC image (the check's `mode`). */
  kind: UploadKind
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp' | 'image/heic'
  expectationText: string | undefined
}

/** `%PDF-` within the first KiB, where readers accept the header (junk before it is common). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  return head.includes('%PDF-')
}

/**
 * Reads and checks the multipart body: the `file` part (size, type by magic bytes, never by the client's
 * claimed content type: a PDF, or a PNG, JPEG, WebP or HEIC image) and the `expectation` text part. An image's
 * pixel limits are judged by the extraction stage from its header (a `failed` check, `image_too_large`).
 */
export async function readUpload(
  body: Record<string, string | File | (string | File)[]>,
  limits: { maxFileBytes: number },
): Promise<Upload> {
  const file = body['file']
  if (!(file instanceof File)) {
    throw new ApiError(400, 'file_missing', {
      message: 'Send the receipt as the multipart part `file`.',
      param: 'file',
    })
  }
  if (file.size > limits.maxFileBytes) {
    throw new ApiError(413, 'file_too_large', {
      message: `The file exceeds ${limits.maxFileBytes} bytes.`,
      param: 'file',
    })
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (bytes.byteLength === 0) {
    throw new ApiError(400, 'file_empty', { message: 'The file part is empty.', param: 'file' })
  }
  const image = sniffImageFormat(bytes)
  if (!image && !looksLikePdf(bytes)) {
    throw new ApiError(415, 'unsupported_media_type', {
      message: 'Receipts are accepted as PDF, PNG, JPEG, WebP or HEIC.',
      param: 'file',
    })
  }
  const part = body['expectation']
  let expectationText: string | undefined
  if (typeof part === 'string') expectationText = part
  else if (part instanceof File) expectationText = await part.text()
  else if (Array.isArray(part)) {
    throw new ApiError(400, 'expectation_invalid', {
      message: 'Send one `expectation` part.',
      param: 'expectation',
    })
  }
  if (image) {
    return {
      bytes,
      filename: file.name || `receipt.${image}`,
      kind: 'image',
      contentType: `image/${image}`,
      expectationText,
    }
  }
  return {
    bytes,
    filename: file.name || 'receipt.pdf',
    kind: 'pdf',
    contentType: 'application/pdf',
    expectationText,
  }
}
