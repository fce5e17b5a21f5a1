export { createPdfParser, type PdfParser, type PdfParserOptions } from './pdf-parser'
