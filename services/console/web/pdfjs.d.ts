// pdf.js is served by the console from pdfjs-dist's own build (web-assets.ts); only what the viewer uses.
/** pdf.js as the console serves it (/vendor/pdf.min.mjs, imported at run time by URL). */
declare namespace PdfJs {
  export interface Module {
    GlobalWorkerOptions: { workerSrc: string }
    getDocument(src: { data: Uint8Array; isEvalSupported?: boolean }): { promise: Promise<PdfDocument> }
  }
  export interface PdfDocument {
    numPages: number
    getPage(n: number): Promise<PdfPage>
  }
  export interface PdfViewport {
    width: number
    height: number
  }
  export interface PdfPage {
    view: number[]
    getViewport(options: { scale: number }): PdfViewport
    render(options: {
      canvasContext: CanvasRenderingContext2D
      viewport: PdfViewport
      canvas?: HTMLCanvasElement
    }): {
      promise: Promise<void>
    }
  }
}
