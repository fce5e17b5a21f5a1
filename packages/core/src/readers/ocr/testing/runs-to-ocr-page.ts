/**
 * For tests: what an OCR engine would report for a PdfModel's runs rendered at `pxPerPt` — one word per
 * space-separated token, each word as wide as its share of the run's characters, boxes in pixels, one
 * engine line per run. `rewrite` imitates misreadings (a word's text as OCR would return it).
 */
import type { PdfModel } from '../../../vocabulary/pdf-model'
import type { OcrPage, OcrWord } from '../ocr-page'

export interface OcrImitation {
  pxPerPt?: number
  confidence?: number
  /** Per word: return the text OCR reads and optionally its confidence. */
  rewrite?: (word: string) => { text: string; confidence?: number } | string
}

export function runsToOcrPage(model: PdfModel, options: OcrImitation = {}): OcrPage {
  const k = options.pxPerPt ?? 2.5
  const words: OcrWord[] = []
  model.runs.forEach((run, block) => {
    const tokens = run.text.split(' ').filter((t) => t !== '')
    const perChar = run.width / Math.max(1, run.text.length)
    let offset = 0
    for (const token of tokens) {
      const start = run.text.indexOf(token, offset)
      offset = start + token.length
      const rewritten = options.rewrite?.(token) ?? token
      const read = typeof rewritten === 'string' ? { text: rewritten } : rewritten
      words.push({
        text: read.text,
        left: Math.round((run.x + start * perChar) * k),
        // Glyph boxes start below the run's top (the ascent line) and cover about 0.9 em.
        top: Math.round((run.y + 0.05 * run.fontSize) * k),
        width: Math.max(1, Math.round(token.length * perChar * 0.95 * k)),
        height: Math.round(0.9 * run.fontSize * k),
        confidence: read.confidence ?? options.confidence ?? 0.96,
        block: block + 1,
        paragraph: 1,
        line: 1,
      })
    }
  })
  const page = model.pages[0]!
  return { width: Math.round(page.width * k), height: Math.round(page.height * k), words }
}
