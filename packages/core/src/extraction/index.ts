export { decodeSbpIdTime, isSbpId, joinSbpId } from './decode-sbp-id'
export { extractImageReceipt, type ImageExtraction } from './extract-image-receipt'
export { type ExtractOptions, extractReceipt } from './extract-receipt'
export { keptLocations, locateFields, tiltLocations } from './field-locations'
export {
  applyFieldReadings,
  chooseFieldReadings,
  disputedCap,
  type FieldPassReading,
  type FieldRereading,
  fieldsToReread,
  type RereadPass,
  rereadingsToBinarise,
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
export { type LocalDateTime, moscowToEpochMs, toIsoUtc } from './moscow-time'
export { labelKey, normalizeText } from './normalize-text'
export { type Money, parseCommission, parseMoney } from './parse-amount'
export { findDateTime, parseDateTime } from './parse-date-time'
export { parseStatus } from './parse-status'
