export { cyrillicTwins, oneScript, scriptOf, toScript } from './letter-scripts'
export type { OcrPage, OcrWord } from './ocr-page'
export { parseTesseractTsv } from './parse-tesseract-tsv'
export { bodySize, type OcrRuns, wordsToRuns } from './words-to-runs'
