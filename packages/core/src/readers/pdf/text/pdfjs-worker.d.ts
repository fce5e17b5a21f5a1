// pdfjs-dist ships no typings for its worker entry; the runtime only hands the module to pdf.js.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown
}
