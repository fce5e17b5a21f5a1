/**
 * HEIC → raw pixels, for sharp to take from there (sharp's prebuilt libvips reads AVIF but not HEVC).
 * The decoder is libheif's wasm build from npm (`libheif-js`: no native addon, no install script, nothing
 * fetched at run time), run in a worker thread per picture (heic-worker.cjs) so that
 * - time is bounded: a decode past `timeoutMs` is ended by terminating the worker;
 * - memory is bounded and given back: the header check has already refused more than `maxPixels`, the worker
 *   checks libheif's own idea of the size again before decoding, and the wasm memory a decode grew (about
 *   8 bytes a pixel: ~100 MB for a 12 MP iPhone photo) goes away with the worker instead of staying with
 *   the service for good;
 * - a decoder crash (a wasm abort on hostile bytes) ends the worker, not the service;
 * - one decode runs at a time per process, so its memory is the most HEIC decoding ever holds at once.
 * The picture comes out upright: libheif applies the file's `irot`/`imir` (its EXIF orientation tag, which
 * HEIF says to ignore, is not applied again: the pixels handed on carry no metadata).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { oneAtATime } from './one-at-a-time'

export interface DecodeHeicOptions {
  maxPixels?: number
  maxSide?: number
  /** Wall time for one decode, worker start included (default 20 s; a 12 MP photo takes ~0.5 s). */
  timeoutMs?: number
  /** The libheif-js build the worker loads (default the package's wasm build; tests point it elsewhere). */
  decoderModule?: string
}

export interface RawImage {
  data: Uint8Array
  width: number
  height: number
  /** 3 (RGB) or 4 (RGBA, when the picture has alpha). */
  channels: 3 | 4
}

/** A HEIC the decoder could not turn into pixels: damaged, cut short, too large, or too slow. */
export class HeicDecodeError extends Error {
  override readonly name = 'HeicDecodeError'
}

/** The decoder itself could not start (its wasm missing or not instantiable): no fault of the picture. */
export class HeicDecoderUnavailable extends Error {
  override readonly name = 'HeicDecoderUnavailable'
}

const require = createRequire(import.meta.url)
const workerUrl = new URL('./heic-worker.cjs', import.meta.url)
const libheifPath = require.resolve('libheif-js/libheif-wasm/libheif.js')
const wasmPath = require.resolve('libheif-js/libheif-wasm/libheif.wasm')

/** A compiled `WebAssembly.Module` (the project's lib, ES2023 without DOM, does not declare the global). */
type WasmModule = object
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly
let compiled: Promise<WasmModule> | undefined

/** The decoder's wasm, compiled once per process and handed to each worker (a Module crosses threads). */
function wasmModule(): Promise<WasmModule> {
  compiled ??= readFile(wasmPath).then((binary) => wasm.compile(binary))
  return compiled
}

/** One decode at a time per process (one-at-a-time.ts): the memory bound holds at any consumer concurrency. */
const exclusively = oneAtATime()

export function decodeHeic(bytes: Uint8Array, options: DecodeHeicOptions = {}): Promise<RawImage> {
  return exclusively(() => decodeInWorker(bytes, options))
}

async function decodeInWorker(bytes: Uint8Array, options: DecodeHeicOptions): Promise<RawImage> {
  const timeoutMs = options.timeoutMs ?? 20_000
  const module = await wasmModule().catch((error: unknown) => {
    throw new HeicDecoderUnavailable('the HEIC decoder (libheif-js wasm) could not be loaded', {
      cause: error,
    })
  })
  const worker = new Worker(workerUrl, {
    workerData: {
      libheifPath: options.decoderModule ?? libheifPath,
      wasmModule: module,
      maxPixels: options.maxPixels ?? 40_000_000,
      maxSide: options.maxSide ?? 12_000,
    },
    // The worker is plain CommonJS: no loader (tsx) to start in it.
    execArgv: [],
    stdout: true,
    stderr: true,
  })
  return new Promise<RawImage>((resolve, reject) => {
    let settled = false
    const settle = () => {
      const first = !settled
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      return first
    }
    const fail = (message: string, cause?: unknown) => {
      if (settle()) reject(new HeicDecodeError(message, { cause }))
    }
    const timer = setTimeout(() => fail(`HEIC decoding took longer than ${timeoutMs} ms`), timeoutMs)
    worker.once('message', (result: RawImage | { error: string; engine?: boolean }) => {
      if ('error' in result && result.engine) {
        if (settle()) reject(new HeicDecoderUnavailable(`the HEIC decoder did not start: ${result.error}`))
        return
      }
      if ('error' in result) return fail(`HEIC not decoded: ${result.error}`)
      if (settle()) resolve(result)
    })
    worker.once('error', (error) => fail('the HEIC decoder crashed', error))
    worker.once('exit', (code) => fail(`the HEIC decoder exited (${code}) without a picture`))
    const copy = Uint8Array.from(bytes)
    worker.postMessage(copy, [copy.buffer])
  })
}
