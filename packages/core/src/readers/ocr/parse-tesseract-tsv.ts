/**
 * Tesseract's `tsv` output → an OcrPage. Columns: level, page_num, block_num, par_num, line_num, word_num,
 * left, top, width, height, conf, text. Level 1 is the page (its box is the image size), level 5 a word;
 * tesseract reports confidence in percent and -1 for non-word levels. Empty words (whitespace it found in
 * rules and boxes) are dropped.
 */
import type { OcrPage, OcrWord } from './ocr-page'

export function parseTesseractTsv(tsv: string): OcrPage {
  let width = 0
  let height = 0
  const words: OcrWord[] = []
  for (const row of tsv.split(/\r?\n/)) {
    const cols = row.split('\t')
    if (cols.length < 12 || cols[0] === 'level') continue
    const [level, , block, paragraph, line, , left, top, w, h, conf] = cols.slice(0, 11).map(Number)
    // Text may itself contain no tab, but keep everything after the 11th column to be safe.
    const text = cols.slice(11).join('\t').trim()
    if (level === 1) {
      width = Math.max(width, (left ?? 0) + (w ?? 0))
      height = Math.max(height, (top ?? 0) + (h ?? 0))
      continue
    }
    if (level !== 5 || text === '') continue
    const values = [block, paragraph, line, left, top, w, h, conf]
    if (values.some((v) => v === undefined || !Number.isFinite(v))) continue
    words.push({
      text,
      left: left!,
      top: top!,
      width: w!,
      height: h!,
      confidence: Math.min(1, Math.max(0, conf! / 100)),
      block: block!,
      paragraph: paragraph!,
      line: line!,
    })
  }
  return { width, height, words }
}
