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

/**
 * The page with `words` (one value a gap split, `845505***##*1` `3.43`) read as one word, `text`: it takes
 * the first word's place, line and block, spans them all, and keeps at most the disputed cap.
 */
export function joinWords(page: OcrPage, words: readonly OcrWord[], text: string): OcrPage {
  const [first] = words
  if (!first) return page
  const others = new Set(words.slice(1))
  const right = Math.max(...words.map((w) => w.left + w.width))
  const confidence = Math.min(disputedCap, ...words.map((w) => w.confidence))
  const joined: OcrWord = { ...first, text, width: right - first.left, confidence }
  return { ...page, words: page.words.filter((w) => !others.has(w)).map((w) => (w === first ? joined : w)) }
}
