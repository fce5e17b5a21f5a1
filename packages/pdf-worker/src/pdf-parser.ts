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
  /** A worker that has not loaded in this long is `stage_failed` (default 60 s). */
  startTimeoutMs?: number
  limits?: PdfLimits
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

const workerUrl = new URL('./parse-worker.mjs', import.meta.url)

/**
 * @example
 * const pdfParser = createPdfParser({ timeoutMs: 20_000, maxHeapMb: 256 })
 * const model = await pdfParser.parse(bytes) // or a CheckError, like core's parsePdf
 */
export function createPdfParser(options: PdfParserOptions = {}): PdfParser {
  const timeoutMs = options.timeoutMs ?? 20_000
  const maxHeapMb = options.maxHeapMb ?? 256
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  let worker: Promise<Worker> | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let nextId = 0

  const start = (): Promise<Worker> =>
    new Promise<Worker>((resolve, reject) => {
      const w = new Worker(workerUrl, {
        workerData: { limits: options.limits ?? defaultPdfLimits },
        resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      })
      w.unref()
      const timer = setTimeout(() => {
        void w.terminate()
        reject(new Error(`the PDF worker did not start within ${startTimeoutMs} ms`))
      }, startTimeoutMs)
      w.once('message', () => {
        clearTimeout(timer)
        resolve(w)
      })
      w.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })

  const retire = async (w: Worker) => {
    worker = undefined
    await w.terminate()
  }

  const run = async (bytes: Uint8Array): Promise<PdfModel> => {
    worker ??= start()
    let w: Worker
    try {
      w = await worker
    } catch (error) {
      worker = undefined
      throw new CheckError('stage_failed', 'The PDF parser could not start.', { cause: error })
    }
    const id = ++nextId
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
        void retire(w)
        finish(() => reject(workerFailure(error, maxHeapMb)))
      }
      const onExit = () => {
        worker = undefined
        finish(() => reject(new CheckError('stage_failed', 'The PDF parser stopped.')))
      }
      const timer = setTimeout(() => {
        void retire(w)
        finish(() =>
          reject(new CheckError('pdf_too_complex', `The PDF did not parse within ${timeoutMs} ms.`)),
        )
      }, timeoutMs)
      w.on('message', onMessage)
      w.once('error', onError)
      w.once('exit', onExit)
      w.postMessage({ id, bytes })
    })
  }

  return {
    parse(bytes) {
      const parsed = queue.then(() => run(bytes))
      queue = parsed.catch(() => undefined)
      return parsed
    },
    async close() {
      const w = await worker?.catch(() => undefined)
      worker = undefined
      await w?.terminate()
    },
  }
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
