/**
 * core's `parsePdf` in a worker thread with a time and a memory limit. A hostile PDF may parse for seconds
 * (blocking a consumer's event loop past its session timeout: evicted, redelivered, evicted again) or lift
 * the process by hundreds of MB; here it runs off the event loop, a parse past `timeoutMs` is ended by
 * terminating the worker, and a heap past `maxHeapMb` ends the worker (V8's `resourceLimits`). Both are
 * the file's fault: `pdf_too_complex`, permanent. A worker that will not start is `stage_failed`
 * (retryable). One worker serves one parse at a time and lives across parses (it costs ~1 s to start:
 * tsx compiles core from source; a built service loads its bundled worker, dist/parse-worker.mjs, faster); a
 * terminated worker is replaced at the next parse.
 */
import { Worker } from 'node:worker_threads'
import { CheckError, type CheckErrorCode, checkErrorCodes } from '@rv/core'
import { defaultPdfLimits, type PdfLimits, type PdfModel } from '@rv/core/vocabulary'

export interface PdfParserOptions {
  /** A parse longer than this is ended: `pdf_too_complex` (default 20 s). */
  timeoutMs?: number
  /** The worker's V8 heap limit (old generation), MB (default 256). */
  maxHeapMb?: number
  /**
   * The worker's young generation, MB (default 8; V8's default for a worker is 48). A parse allocates a few
   * MB that die with it: a small nursery is scavenged while it is still in cache, and each parse costs a
   * fifth less CPU (docs/capacity.md, seventh session).
   */
  youngGenerationMb?: number
  /** A worker that has not loaded in this long is `stage_failed` (default 60 s). */
  startTimeoutMs?: number
  /**
   * The worker's entry (default `parse-worker.mjs` beside this module: a service's bundled one when built,
   * the tsx-registering one from source). `npm run bench:parse-worker` points it at a built service's bundle.
   */
  workerUrl?: URL
  limits?: PdfLimits
  /**
   * false: models come without their `structure` (null), and the parse skips what only the structure's
   * readers need (core's `PdfParseOptions`) — for a service that reads the text alone. Default true.
   */
  structure?: boolean
}

export interface PdfParser {
  parse(bytes: Uint8Array): Promise<PdfModel>
  /** Ends the worker (a parse in flight fails with `stage_failed`). */
  close(): Promise<void>
}

type Reply = { ready: true } | { id: number; model: PdfModel } | { id: number; error: WireError }
interface WireError {
  code?: string
  message: string
}

const defaultWorkerUrl = new URL('./parse-worker.mjs', import.meta.url)

/** One parser's settings and its worker (absent until the first parse, and after one ended). */
interface ParserState {
  timeoutMs: number
  maxHeapMb: number
  youngGenerationMb: number
  startTimeoutMs: number
  workerUrl: URL
  limits: PdfLimits
  structure: boolean
  worker: Promise<Worker> | undefined
  nextId: number
}

/**
 * @example
 * const pdfParser = createPdfParser({ timeoutMs: 20_000, maxHeapMb: 256 })
 * const model = await pdfParser.parse(bytes) // or a CheckError, like core's parsePdf
 */
export function createPdfParser(options: PdfParserOptions = {}): PdfParser {
  const state: ParserState = {
    timeoutMs: options.timeoutMs ?? 20_000,
    maxHeapMb: options.maxHeapMb ?? 256,
    youngGenerationMb: options.youngGenerationMb ?? 8,
    startTimeoutMs: options.startTimeoutMs ?? 60_000,
    workerUrl: options.workerUrl ?? defaultWorkerUrl,
    limits: options.limits ?? defaultPdfLimits,
    structure: options.structure ?? true,
    worker: undefined,
    nextId: 0,
  }
  let queue: Promise<unknown> = Promise.resolve()
  return {
    parse(bytes) {
      const parsed = queue.then(() => run(state, bytes))
      queue = parsed.catch(() => undefined)
      return parsed
    },
    async close() {
      const w = await state.worker?.catch(() => undefined)
      state.worker = undefined
      await w?.terminate()
    },
  }
}

/** A worker that has loaded (its first message), or the reason it did not within `startTimeoutMs`. */
function startWorker(state: ParserState): Promise<Worker> {
  return new Promise<Worker>((resolve, reject) => {
    const w = new Worker(state.workerUrl, {
      workerData: { limits: state.limits, structure: state.structure },
      resourceLimits: {
        maxOldGenerationSizeMb: state.maxHeapMb,
        maxYoungGenerationSizeMb: state.youngGenerationMb,
      },
    })
    w.unref()
    const timer = setTimeout(() => {
      void w.terminate()
      reject(new Error(`the PDF worker did not start within ${state.startTimeoutMs} ms`))
    }, state.startTimeoutMs)
    w.once('message', () => {
      clearTimeout(timer)
      resolve(w)
    })
    w.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

async function retire(state: ParserState, w: Worker): Promise<void> {
  state.worker = undefined
  await w.terminate()
}

async function run(state: ParserState, bytes: Uint8Array): Promise<PdfModel> {
  state.worker ??= startWorker(state)
  let w: Worker
  try {
    w = await state.worker
  } catch (error) {
    state.worker = undefined
    throw new CheckError('stage_failed', 'The PDF parser could not start.', { cause: error })
  }
  return parseOn(state, w, ++state.nextId, bytes)
}

/** One parse on `w`: its answer, or the worker's failure, exit or timeout (which retires it). */
function parseOn(state: ParserState, w: Worker, id: number, bytes: Uint8Array): Promise<PdfModel> {
  return new Promise<PdfModel>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer)
      w.off('message', onMessage)
      w.off('error', onError)
      w.off('exit', onExit)
      settle()
    }
    const onMessage = (reply: Reply) => {
      if (!('id' in reply) || reply.id !== id) return
      finish(() => ('model' in reply ? resolve(reply.model) : reject(toCheckError(reply.error))))
    }
    const onError = (error: Error & { code?: string }) => {
      void retire(state, w)
      finish(() => reject(workerFailure(error, state.maxHeapMb)))
    }
    const onExit = () => {
      state.worker = undefined
      finish(() => reject(new CheckError('stage_failed', 'The PDF parser stopped.')))
    }
    const timer = setTimeout(() => {
      void retire(state, w)
      finish(() =>
        reject(new CheckError('pdf_too_complex', `The PDF did not parse within ${state.timeoutMs} ms.`)),
      )
    }, state.timeoutMs)
    w.on('message', onMessage)
    w.once('error', onError)
    w.once('exit', onExit)
    w.postMessage({ id, bytes })
  })
}

function toCheckError(error: WireError): CheckError {
  if (error.code !== undefined && error.code in checkErrorCodes) {
    return new CheckError(error.code as CheckErrorCode, error.message)
  }
  return new CheckError('pdf_unreadable', `The PDF could not be parsed: ${error.message}`.slice(0, 300))
}

function workerFailure(error: Error & { code?: string }, maxHeapMb: number): CheckError {
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new CheckError('pdf_too_complex', `The PDF needed more than ${maxHeapMb} MB to parse.`, {
      cause: error,
    })
  }
  return new CheckError('stage_failed', 'The PDF parser failed.', { cause: error })
}
