/// <reference path="./pdfjs-worker.d.ts" />
/**
 * pdf.js (legacy build) loaded once and run without a worker thread: the worker module is imported into this
 * thread and pdf.js's "fake worker" uses it, so parsing needs no worker file, no fetch and no canvas. One
 * PDFWorker is shared by every document because creating it costs more than parsing a one-page receipt.
 */
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs'
import { keepingNativeBuiltins } from './native-builtins'

type PdfJsModule = typeof PdfJs

export interface PdfJsRuntime {
  pdfjs: PdfJsModule
  worker: InstanceType<PdfJsModule['PDFWorker']>
}

let runtime: Promise<PdfJsRuntime> | undefined

async function loadRuntime(): Promise<PdfJsRuntime> {
  // Its core-js would otherwise leave Array.prototype.push and JSON in JavaScript for the whole thread.
  const [pdfjs, workerModule] = await keepingNativeBuiltins(() =>
    Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
    ]),
  )
  // pdf.js looks for an in-thread worker implementation under this global name before it tries a real worker.
  ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = workerModule
  const worker = new pdfjs.PDFWorker({ verbosity: 0 })
  return { pdfjs, worker }
}

/** The shared pdf.js runtime, loaded on first use. */
export function getPdfJs(): Promise<PdfJsRuntime> {
  runtime ??= loadRuntime().catch((error: unknown) => {
    runtime = undefined
    throw error
  })
  return runtime
}
