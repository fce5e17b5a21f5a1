export { type PreparedImage, type PreprocessOptions, preprocessImage } from './preprocess-image'
export { type ReadImageOptions, readImage } from './read-image'
export { OcrEngineError, runTesseract, type TesseractOptions } from './run-tesseract'
