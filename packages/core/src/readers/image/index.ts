export { cropWithinLimits, type PixelLimits, pixelLimitsOf } from './crop-limits'
export { type ImageFormat, type ImageHeader, readImageHeader, sniffImageFormat } from './image-header'
export { checkImage, defaultImageLimits, type ImageLimits } from './image-limits'
export { maxOcrUpscale, type OcrScale, type OcrScaleOptions, planOcrScale } from './ocr-scale'
