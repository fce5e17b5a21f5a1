export { assessImageAuthenticity, imageMarkerCheck, isImageAssessment } from './assess-image'
export { type ImageContainer, type ImageMetadata, readImageMetadata } from './image-metadata'
export { layoutProportionCheck } from './layout-proportions'
export { alignmentTolerance, valueAlignmentCheck } from './value-alignment'
