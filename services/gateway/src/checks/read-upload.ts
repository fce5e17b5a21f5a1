import { ApiError } from '../api-error'

export interface Upload {
  bytes: Uint8Array
  filename: string
  contentType: 'application/pdf'
  expectationText: string | undefined
}

/** `%PDF-` within the first KiB, where readers accept the header (junk before it is common). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  return head.includes('%PDF-')
}

/**
 * Reads and checks the multipart body: the `file` part (size, type by magic bytes, never by the client's
 * claimed content type) and the `expectation` text part.
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
  if (!looksLikePdf(bytes)) {
    throw new ApiError(415, 'unsupported_media_type', {
      message: 'Only PDF receipts are accepted.',
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
  return { bytes, filename: file.name || 'receipt.pdf', contentType: 'application/pdf', expectationText }
}
