/**
 * Every error code a check record's `error.code` can carry. One list, documented in the README
 * ("Error codes"); adding a code is additive, renaming one is a breaking change.
 */
export const checkErrorCodes = {
  pdf_unreadable: { retryable: false, message: 'The file could not be parsed as a PDF.' },
  pdf_encrypted: { retryable: false, message: 'The PDF is encrypted.' },
  pdf_too_many_pages: { retryable: false, message: 'The PDF has more pages than a receipt can have.' },
  pdf_too_complex: { retryable: false, message: 'The PDF exceeds the decompression or object limits.' },
  file_too_large: { retryable: false, message: 'The file exceeds the size limit.' },
  unsupported_media_type: { retryable: false, message: 'The file type is not supported.' },
  image_unreadable: { retryable: false, message: 'The image could not be read.' },
  image_too_large: { retryable: false, message: 'The image exceeds the pixel limits.' },
  vlm_unavailable: { retryable: true, message: 'The vision-language model could not be reached.' },
  storage_unavailable: { retryable: true, message: 'The stored file could not be read.' },
  stage_failed: { retryable: true, message: 'A processing stage failed.' },
  stage_timeout: { retryable: true, message: 'A processing stage did not finish in time.' },
  stage_redelivery_limit: {
    retryable: false,
    message: 'A processing stage stopped while handling the file each time it was tried.',
  },
  internal_error: { retryable: true, message: 'Unexpected internal error.' },
} as const satisfies Record<string, { retryable: boolean; message: string }>

export type CheckErrorCode = keyof typeof checkErrorCodes

/** A typed failure a core function returns (never throws) for bad input. */
export class CheckError extends Error {
  readonly code: CheckErrorCode
  readonly retryable: boolean

  constructor(code: CheckErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(detail ?? checkErrorCodes[code].message, options)
    this.name = 'CheckError'
    this.code = code
    this.retryable = checkErrorCodes[code].retryable
  }

  toBlock(): { code: string; message: string; retryable: boolean } {
    return { code: this.code, message: this.message, retryable: this.retryable }
  }
}
