/**
 * The page with some words' text replaced by what their pixels showed (recount-masks.ts, recount-ones.ts).
 * A rewritten word keeps at most the disputed cap (0.85): OCR read something else there.
 */
import { disputedCap, type OcrPage, type OcrWord } from '@rv/core'

export function rewriteWords(page: OcrPage, rewritten: ReadonlyMap<OcrWord, string>): OcrPage {
  if (rewritten.size === 0) return page
  return {
    ...page,
    words: page.words.map((w) => {
      const text = rewritten.get(w)
      return text === undefined ? w : { ...w, text, confidence: Math.min(w.confidence, disputedCap) }
    }),
  }
}
