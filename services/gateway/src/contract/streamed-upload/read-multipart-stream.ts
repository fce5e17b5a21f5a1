import { Busboy } from '@fastify/busboy'
import type { ApiError } from '../../api-error'
import { type BodySource, webBodySource } from './body-source'
import type { ReceivedFile } from './file-buffer'
import { collectParts } from './multipart-parts'
import { uploadErrors } from './upload-errors'

export interface MultipartLimits {
  /** The `file` part's bytes. */
  maxFileBytes: number
  /** The whole body: the file plus the envelope and the other parts. */
  maxBodyBytes: number
  /** The `expectation` part (and any other text part, which is read and dropped). */
  maxFieldBytes: number
  /** Parts of any name. */
  maxParts: number
}

/** The parts of a check submission read from a multipart stream; any other part is skipped. */
export interface StreamedForm {
  file: ReceivedFile | undefined
  expectationText: string | undefined
}

/**
 * Reads a multipart/form-data body chunk by chunk, pulling the next chunk only when the parser took the
 * last one. Every limit is judged as bytes arrive: once one is passed (or the framing is broken, or a
 * part is repeated), reading stops at once, the stream is cancelled and the coded error is thrown, so a
 * body far over the limit costs at most the limit plus one chunk. The `file` part goes into one buffer,
 * hashed on the fly; `expectation` may come before or after it.
 *
 * @example
 * const form = await readMultipartStream(c.req.raw.body, { contentType, contentLength }, limits)
 */
export async function readMultipartStream(
  body: BodySource | ReadableStream<Uint8Array> | null,
  request: { contentType: string; contentLength?: number },
  limits: MultipartLimits,
): Promise<StreamedForm> {
  let failure: ApiError | undefined
  let onFailure: () => void = () => undefined
  const failed = new Promise<void>((resolve) => {
    onFailure = resolve
  })
  const fail = (error: ApiError) => {
    failure ??= error
    onFailure()
  }
  const parser = createParser(request.contentType, limits)
  const parts = collectParts(parser, request, limits, fail)
  parser.on('partsLimit', () => fail(uploadErrors.tooManyParts(limits.maxParts)))
  parser.on('error', (error) => fail(uploadErrors.malformed(error)))
  const finished = new Promise<void>((resolve) => parser.on('finish', resolve))

  await pump(body, parser, limits, fail, () => failure !== undefined, failed)
  if (!failure) await Promise.race([Promise.all([finished, ...parts.partEnds]), failed])
  if (failure) {
    parser.destroy()
    throw failure
  }
  const received = parts.file?.finish()
  return {
    file: received && { ...received, filename: parts.filename },
    expectationText: parts.expectationText,
  }
}

/** A parser of the submission's multipart body under its limits; a bad content type is `malformed`. */
function createParser(contentType: string, limits: MultipartLimits): ReturnType<typeof Busboy> {
  try {
    return Busboy({
      headers: { 'content-type': contentType },
      // The filename is kept as sent: it is part of the idempotency fingerprint.
      preservePath: true,
      // Every part as a stream, text ones too: a part is judged at its header (a second `expectation`
      // stops the read there) and a text part's size as it grows, not once it has ended.
      isPartAFile: () => true,
      limits: {
        fileSize: limits.maxFileBytes,
        parts: limits.maxParts,
        headerPairs: 32,
        headerSize: 16 * 1024,
      },
    })
  } catch (error) {
    throw uploadErrors.malformed(error)
  }
}

/** Feeds the body to the parser one chunk at a time; stops (and cancels the body) on the first failure. */
async function pump(
  body: BodySource | ReadableStream<Uint8Array> | null,
  parser: ReturnType<typeof Busboy>,
  limits: MultipartLimits,
  fail: (error: ApiError) => void,
  hasFailed: () => boolean,
  failed: Promise<void>,
): Promise<void> {
  const source = body === null || body instanceof ReadableStream ? webBodySource(body) : body
  let received = 0
  try {
    while (!hasFailed()) {
      const value = await source.read()
      if (value === undefined) break
      received += value.byteLength
      if (received > limits.maxBodyBytes) {
        fail(uploadErrors.fileTooLarge(limits.maxFileBytes))
        break
      }
      const written = new Promise<void>((resolve) => parser.write(value, () => resolve()))
      await Promise.race([written, failed])
      // The parts' streams hand their data on in later ticks: let them (and their limits) see this
      // chunk before the next one is pulled.
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (!hasFailed()) parser.end()
  } catch (error) {
    // The client went away mid-body, or the stream broke: the request is malformed as received.
    fail(uploadErrors.malformed(error))
  } finally {
    if (hasFailed()) await source.stop()
  }
}
