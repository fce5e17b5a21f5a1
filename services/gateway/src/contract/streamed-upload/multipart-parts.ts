/**
 * What a multipart parser's parts leave behind for a check submission: the `file` part in one buffer
 * (hashed on the fly, its filename as sent), the `expectation` text, and every part's end. Each part is
 * judged as it arrives: a second `file` or `expectation` part, a file over its limit or a text part over
 * the field limit calls `fail`; any other part is read and dropped.
 */
import type { Busboy, BusboyFileStream } from '@fastify/busboy'
import type { ApiError } from '../../api-error'
import { createFileBuffer, type FileBuffer } from './file-buffer'
import { uploadErrors } from './upload-errors'

type Parser = ReturnType<typeof Busboy>

/** The limits the parts are judged by (read-multipart-stream's `MultipartLimits` holds them). */
export interface PartLimits {
  maxFileBytes: number
  maxFieldBytes: number
}

export interface CollectedParts {
  file: FileBuffer | undefined
  filename: string
  expectationText: string | undefined
  /** One per part seen: resolved when that part's stream ended. */
  partEnds: Promise<void>[]
}

/** Listens to `parser`'s parts; the returned object fills in as they stream. */
export function collectParts(
  parser: Parser,
  request: { contentLength?: number },
  limits: PartLimits,
  fail: (error: ApiError) => void,
): CollectedParts {
  const parts: CollectedParts = { file: undefined, filename: '', expectationText: undefined, partEnds: [] }
  let fileParts = 0
  let expectationParts = 0
  parser.on('file', (name, stream, sentName: string | undefined) => {
    parts.partEnds.push(new Promise((resolve) => stream.once('end', resolve)))
    stream.on('error', (error) => fail(uploadErrors.malformed(error)))
    if (name === 'file') {
      // As the WHATWG form parser decides: only a part with a filename carries a file. A text part
      // named `file` carries none, but it is still one `file` part too many beside a real one.
      if (++fileParts > 1) return fail(uploadErrors.secondFile())
      if (sentName === undefined) return stream.resume()
      return readFilePart(stream, sentName, parts, request, limits, fail)
    }
    if (name !== 'expectation') return stream.resume()
    if (++expectationParts > 1) return fail(uploadErrors.secondExpectation())
    readExpectationPart(stream, parts, limits, fail)
  })
  return parts
}

function readFilePart(
  stream: BusboyFileStream,
  sentName: string,
  parts: CollectedParts,
  request: { contentLength?: number },
  limits: PartLimits,
  fail: (error: ApiError) => void,
): void {
  // Sized once from the declared body length: the file is most of it.
  const expected = request.contentLength && Math.min(request.contentLength, limits.maxFileBytes)
  const buffer = createFileBuffer({ expectedBytes: expected || undefined })
  parts.file = buffer
  // As WHATWG parsers (undici, before) read it: senders escape ", CR and LF in a quoted name.
  parts.filename = sentName.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"')
  stream.on('data', (chunk: Buffer) => buffer.append(chunk))
  stream.on('limit', () => fail(uploadErrors.fileTooLarge(limits.maxFileBytes)))
}

/** Text, whether sent as a field or as a file, under the text part's limit. */
function readExpectationPart(
  stream: BusboyFileStream,
  parts: CollectedParts,
  limits: PartLimits,
  fail: (error: ApiError) => void,
): void {
  const chunks: Buffer[] = []
  let size = 0
  stream.on('data', (chunk: Buffer) => {
    size += chunk.byteLength
    if (size > limits.maxFieldBytes) fail(uploadErrors.expectationTooLarge(limits.maxFieldBytes))
    else chunks.push(chunk)
  })
  stream.on('end', () => {
    // UTF-8 without a byte-order mark, as the WHATWG form parser decodes text parts.
    parts.expectationText = new TextDecoder().decode(Buffer.concat(chunks))
  })
}
