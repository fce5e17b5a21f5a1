export { decodeSbpIdTime, isSbpId, joinSbpId } from '../../vocabulary/text/decode-sbp-id'
export { labelKey, normalizeText } from '../../vocabulary/text/normalize-text'
export { type LocalDateTime, moscowToEpochMs, toIsoUtc } from '../../vocabulary/time/moscow-time'
export { genericScoredFields } from './extract-generic'
export { extractImageReceipt, type ImageExtraction } from './extract-image-receipt'
export { type ExtractOptions, extractReceipt } from './extract-receipt'
export { keptLocations, locateFields, tiltLocations } from './field-locations'
export { groundModelReading } from './ground-model-fields'
export {
  applyFieldReadings,
  chooseFieldReadings,
  disputedCap,
  type FieldPassReading,
  type FieldRereading,
  fieldsToReread,
  type RereadPass,
  rereadingsToBinarise,
  valueWords,
} from './image-field-rereading'
export {
  type InitialRereading,
  initialReadingText,
  initialsToReread,
  overturningLetter,
} from './image-initial-rereading'
export { type MaskedNumberRecount, maskedNumbersToRecount } from './image-masked-number-recount'
export { type NumberRecount, numbersToRecount } from './image-number-recount'
export {
  type FreeGlyphShape,
  freeGlyphAt16,
  roundGlyphAt16,
  sbpIdFreeGlyphWords,
  sbpIdWordsToMeasure,
} from './image-sbp-id-glyph'
export { fieldsLeftUnread, secondReadingHelps } from './image-second-reading'
export type { ModelPolicy, ModelUse } from './model-fallback'
export { defaultModelPolicy, fieldsNeedingModel, mergeModelFields, modelWanted } from './model-fallback'
export { modelPromptText } from './model-prompt-text'
export { modelReadingFields, modelReadingJsonSchema, toModelReading } from './model-reading'
export { type Money, parseCommission, parseMoney } from './parse-amount'
export { findDateTime, parseDateTime } from './parse-date-time'
export { parseStatus } from './parse-status'
