/**
 * OCR words → the positioned text runs the PDF path reads (`TextRun`, points, origin top-left), so family
 * recognition and the family readers work on images unchanged. Two things a PDF gives and an image does not:
 * - **Runs.** A PDF draws a label or a value as one run; OCR reads words. Words of one OCR line join into a
 *   run while the gap between them is a word space; a wider gap (the column gap between a label and its value)
 *   starts a new run.
 * - **Scale.** An image has no points. The scale is chosen so that the median text line is `bodySize` points
 *   tall, the body size of the receipts the families describe: the readers' tolerances (in points and in
 *   line heights) then mean on an image what they mean on the PDF, whatever the resolution.
 * - **Skew.** A photo is rarely square to the page; the readers group a row by its height on the page, so
 *   a 2° tilt would split a label from its value. The tilt is measured on the OCR's own lines (the slope of
 *   word bottoms along each line, median over lines) and undone on the word boxes before anything else.
 * Each run carries the lowest confidence of its words.
 */
import type { TextRun } from '../../vocabulary/pdf-model'
import { joinSplitDates } from './join-split-date'
import { oneScript } from './letter-scripts'
import type { OcrPage, OcrWord } from './ocr-page'
import { readOcrWord } from './read-ocr-word'

/** Body text size of the families' receipts, in points. */
export const bodySize = 9
/** Word height (ascender to descender of a mixed-case word) as a share of the font size. */
const heightPerSize = 0.9
/** Words closer than this many line heights are one run. */
const wordGap = 0.9

export interface OcrRuns {
  runs: TextRun[]
  /** Points per pixel. */
  scale: number
  width: number
  height: number
  /** The tilt undone on the word boxes (estimateSkew, radians): runs are placed on the page turned upright. */
  skew: number
}

export function wordsToRuns(page: OcrPage): OcrRuns {
  const skew = estimateSkew(page.words)
  const lines = groupLines(deskew(page.words, skew))
  const lineHeights = lines.map(lineHeight).filter((h) => h > 0)
  const median = quantile(lineHeights, 0.5)
  const scale = median > 0 ? (bodySize * heightPerSize) / median : 1
  const runs: TextRun[] = []
  for (const words of lines) {
    // A line of lowercase words without ascenders looks shorter than its font: never below the median, so
    // tolerances in line heights (wrapped values, the next row) do not shrink on such a line.
    const h = Math.max(lineHeight(words), median)
    // Each word is read knowing the word before it on the line, even across a column gap (a name's
    // initial may stand apart from the name).
    const texts = new Map(words.map((w, i) => [w, readOcrWord(w, words[i - 1])]))
    let current: OcrWord[] = []
    const flush = () => {
      if (current.length > 0) runs.push(toRun(current, texts, h, scale))
      current = []
    }
    for (const word of words) {
      const last = current.at(-1)
      if (last && word.left - (last.left + last.width) > wordGap * h) flush()
      current.push(word)
    }
    flush()
  }
  runs.sort((a, b) => a.y - b.y || a.x - b.x)
  return { runs: joinSplitDates(runs), scale, width: page.width * scale, height: page.height * scale, skew }
}

/** The page's tilt (radians, positive = text descends to the right) from the OCR lines, median of slopes. */
export function estimateSkew(words: readonly OcrWord[]): number {
  const slopes: number[] = []
  for (const line of groupLines(words)) {
    // Bottoms of words with and without a descender differ by the descender's depth: the slope is taken
    // between the farthest two words of one kind (VTB's `На карту в другую страну`, measured from `На` to
    // `страну`, gave a clean render a 1.2° tilt, and the tilt undone split every label from its value).
    const ends = [line.filter(descends), line.filter((w) => !descends(w))]
      .filter((kind) => kind.length >= 2)
      .map((kind) => kind.sort((a, b) => centre(a) - centre(b)))
      .map((kind) => [kind[0]!, kind.at(-1)!] as const)
      .sort(([a, b], [c, d]) => centre(d) - centre(c) - (centre(b) - centre(a)))[0]
    if (!ends) continue
    const [first, last] = ends
    const run = centre(last) - centre(first)
    // Short lines say little about the angle.
    if (run < 8 * first.height) continue
    const rise = last.top + last.height - (first.top + first.height)
    slopes.push(Math.atan2(rise, run))
  }
  const angle = quantile(slopes, 0.5)
  // Under ~0.1°, nothing to undo; beyond 10°, not a tilt but a layout this reading does not expect.
  return Math.abs(angle) < 0.002 || Math.abs(angle) > 0.18 ? 0 : angle
}

/** A word with a letter or sign that reaches below the baseline (Cyrillic р у д ф ц щ, Latin g j p q y). */
const descends = (word: OcrWord) => /[рудфцщДЦЩgjpqy,;]/u.test(word.text)
const centre = (word: OcrWord) => word.left + word.width / 2

function deskew(words: readonly OcrWord[], angle: number): OcrWord[] {
  if (angle === 0) return [...words]
  return words.map((w) => {
    // Rotate the box's centre back by the tilt; the box keeps its size.
    const { x, y } = deskewedCentre(w, angle)
    return { ...w, left: x - w.width / 2, top: y - w.height / 2 }
  })
}

/** A word's centre on the page turned back by `angle` (estimateSkew), in pixels. */
export function deskewedCentre(word: OcrWord, angle: number): { x: number; y: number } {
  const cx = word.left + word.width / 2
  const cy = word.top + word.height / 2
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return { x: cx * cos + cy * sin, y: -cx * sin + cy * cos }
}

function groupLines(words: readonly OcrWord[]): OcrWord[][] {
  const byLine = new Map<string, OcrWord[]>()
  for (const word of words) {
    const key = `${word.block}/${word.paragraph}/${word.line}`
    const line = byLine.get(key) ?? []
    line.push(word)
    byLine.set(key, line)
  }
  return [...byLine.values()].map((line) => line.sort((a, b) => a.left - b.left))
}

/** The line's text height in pixels: the tallest word (a lone lowercase word would understate it). */
function lineHeight(words: readonly OcrWord[]): number {
  return Math.max(0, ...words.map((w) => w.height))
}

function toRun(
  words: readonly OcrWord[],
  texts: ReadonlyMap<OcrWord, string>,
  lineHeightPx: number,
  scale: number,
): TextRun {
  const left = Math.min(...words.map((w) => w.left))
  const top = Math.min(...words.map((w) => w.top))
  const right = Math.max(...words.map((w) => w.left + w.width))
  const bottom = Math.max(...words.map((w) => w.top + w.height))
  return {
    page: 0,
    text: oneScript(words.map((w) => texts.get(w) ?? w.text).join(' ')),
    x: left * scale,
    y: top * scale,
    width: (right - left) * scale,
    height: (bottom - top) * scale,
    fontName: 'ocr',
    fontSize: (lineHeightPx * scale) / heightPerSize,
    confidence: Math.min(...words.map((w) => w.confidence)),
  }
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0
}
