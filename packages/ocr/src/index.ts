export {
  type DecodeHeicOptions,
  decodeHeic,
  HeicDecodeError,
  HeicDecoderUnavailable,
  type RawImage,
} from './decode-heic'
export { findGlyphColumns } from './find-glyph-columns'
export { findMaskStars } from './find-mask-stars'
export { findUnreadInk, type GrayImage, type UnreadRegion } from './find-unread-ink'
export { measureFreeGlyph } from './free-glyph-shape'
export { measureSbpIdGlyph } from './measure-sbp-id'
export { type PreparedImage, type PreprocessOptions, preprocessImage } from './preprocess-image'
export { grayPixels, mergeReadings, type ReadImageOptions, readImage } from './read-image'
export { recountMaskedNumbers } from './recount-masked-numbers'
export { recountMasks } from './recount-masks'
export { recountOnes } from './recount-ones'
export { fieldBlock, rereadFields } from './reread-fields'
export { rereadInitials } from './reread-initials'
export { type RegionReading, rereadBlock, rereadRegions } from './reread-regions'
export { OcrEngineError, runTesseract, type TesseractOptions } from './run-tesseract'
