import { Busboy } from '@fastify/busboy'
import type { ApiError } from '../../api-error'
import { type BodySource, webBodySource } from './body-source'
import { createFileBuffer, type FileBuffer, type ReceivedFile } from './file-buffer'
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

  let parser: ReturnType<typeof Busboy>
  try {
    parser = Busboy({
      headers: { 'content-type': request.contentType },
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

  let file: FileBuffer | undefined
  let filename = ''
  let fileParts = 0
  let expectationText: string | undefined
  let expectationParts = 0
  const partEnds: Promise<void>[] = []

  parser.on('file', (name, stream, sentName: string | undefined) => {
    partEnds.push(new Promise((resolve) => stream.once('end', resolve)))
    stream.on('error', (error) => fail(uploadErrors.malformed(error)))
    if (name === 'file') {
      // As the WHATWG form parser decides: only a part with a filename carries a file. A text part
      // named `file` carries none, but it is still one `file` part too many beside a real one.
      if (++fileParts > 1) return fail(uploadErrors.secondFile())
      if (sentName === undefined) return stream.resume()
      // Sized once from the declared body length: the file is most of it.
      const expected = request.contentLength && Math.min(request.contentLength, limits.maxFileBytes)
      const buffer = createFileBuffer({ expectedBytes: expected || undefined })
      file = buffer
      // As WHATWG parsers (undici, before) read it: senders escape ", CR and LF in a quoted name.
      filename = sentName.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"')
      stream.on('data', (chunk: Buffer) => buffer.append(chunk))
      stream.on('limit', () => fail(uploadErrors.fileTooLarge(limits.maxFileBytes)))
      return
    }
    if (name !== 'expectation') return stream.resume()
    if (++expectationParts > 1) return fail(uploadErrors.secondExpectation())
    // Text, whether sent as a field or as a file, under the text part's limit.
    const chunks: Buffer[] = []
    let size = 0
    stream.on('data', (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > limits.maxFieldBytes) fail(uploadErrors.expectationTooLarge(limits.maxFieldBytes))
      else chunks.push(chunk)
    })
    stream.on('end', () => {
      // UTF-8 without a byte-order mark, as the WHATWG form parser decodes text parts.
      expectationText = new TextDecoder().decode(Buffer.concat(chunks))
    })
  })
  parser.on('partsLimit', () => fail(uploadErrors.tooManyParts(limits.maxParts)))
  parser.on('error', (error) => fail(uploadErrors.malformed(error)))
  const finished = new Promise<void>((resolve) => parser.on('finish', resolve))

  await pump(body, parser, limits, fail, () => failure !== undefined, failed)
  if (!failure) await Promise.race([Promise.all([finished, ...partEnds]), failed])
  if (failure) {
    parser.destroy()
    throw failure
  }
  const received = file?.finish()
  return {
    file: received && { ...received, filename },
    expectationText,
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
