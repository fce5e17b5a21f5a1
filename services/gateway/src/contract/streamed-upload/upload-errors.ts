import { ApiError } from '../../api-error'

/** The coded errors a streamed upload answers, the same codes the buffered parser answered before. */
export const uploadErrors = {
  fileTooLarge: (maxFileBytes: number) =>
    new ApiError(413, 'file_too_large', {
      message: `The file exceeds ${maxFileBytes} bytes.`,
      param: 'file',
    }),
  fileMissing: () =>
    new ApiError(400, 'file_missing', {
      message: 'Send the receipt as the multipart part `file`.',
      param: 'file',
    }),
  secondFile: () =>
    new ApiError(400, 'file_missing', {
      message: 'Send exactly one multipart part `file`.',
      param: 'file',
    }),
  secondExpectation: () =>
    new ApiError(400, 'expectation_invalid', {
      message: 'Send one `expectation` part.',
      param: 'expectation',
    }),
  // The same answer the expectation validator gives a text over its limit (checks/expectation-validator).
  expectationTooLarge: (maxFieldBytes: number) =>
    new ApiError(422, 'expectation_invalid', {
      message: 'The expectation part is not valid.',
      param: 'expectation',
      details: [{ path: '', message: `must be at most ${maxFieldBytes} bytes` }],
    }),
  tooManyParts: (maxParts: number) =>
    new ApiError(400, 'invalid_request', {
      message: `The body has more than ${maxParts} multipart parts.`,
    }),
  malformed: (cause: unknown) =>
    new ApiError(400, 'invalid_request', {
      message: 'The body is not a well-formed multipart/form-data request.',
      cause,
    }),
}
