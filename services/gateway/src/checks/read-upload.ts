import { sniffImageFormat } from '@rv/core/image'
import { ApiError } from '../api-error'
import type { StreamedForm } from '../contract/streamed-upload/read-multipart-stream'
import { uploadErrors } from '../contract/streamed-upload/upload-errors'

export type UploadKind = 'pdf' | 'image'

export interface Upload {
  bytes: Uint8Array
  /** Hex SHA-256 of `bytes`, computed as they streamed in. */
  sha256: string
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
 * Checks the streamed multipart parts (contract/streamed-upload has already enforced the size limits and
 * refused repeated parts): the `file` part (present, not empty, type by magic bytes, never by the client's
 * claimed content type: a PDF, or a PNG, JPEG, WebP or HEIC image) and the `expectation` text part. An
 * image's pixel limits are judged by the extraction stage from its header (a `failed` check,
 * `image_too_large`).
 */
export function readUpload(form: StreamedForm): Upload {
  const file = form.file
  if (!file) throw uploadErrors.fileMissing()
  const { bytes, sha256 } = file
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
  const expectationText = form.expectationText
  if (image) {
    return {
      bytes,
      sha256,
      filename: file.filename || `receipt.${image}`,
      kind: 'image',
      contentType: `image/${image}`,
      expectationText,
    }
  }
  return {
    bytes,
    sha256,
    filename: file.filename || 'receipt.pdf',
    kind: 'pdf',
    contentType: 'application/pdf',
    expectationText,
  }
}
