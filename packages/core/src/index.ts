export * from './aggregate/index'
export {
  assessAuthenticity,
  type Fingerprint,
  fingerprints,
  type LearningSample,
  learnFamilyFingerprint,
  learnFingerprint,
  sampleOf,
} from './authenticity/index'
export * from './check/api-projection'
export * from './check/error-codes'
export * from './check/example-record'
export { type CheckRun, type RunCheckInput, runCheck, runCheckDetailed } from './check/run-check'
export type * from './check/stage-contracts'
// decision/ `decide` is exported under a distinct name: aggregate/ already exports the process manager's `decide`.
export {
  completeProfile,
  type DecisionContext,
  decide as decideRecommendation,
  defaultProfile,
  effectiveVerdict,
  expectationRequirementProblems,
  missingExpectationMembers,
  nextProfileVersion,
  reasonCodes,
  recommendWith,
  sameBehaviour,
} from './decision/index'
export {
  applyFieldReadings,
  chooseFieldReadings,
  decodeSbpIdTime as decodeSbpIdTimeMs,
  disputedCap,
  extractImageReceipt,
  extractReceipt,
  type FieldPassReading,
  type FieldRereading,
  type FreeGlyphShape,
  fieldsLeftUnread,
  fieldsToReread,
  freeGlyphAt16,
  type ImageExtraction,
  type InitialRereading,
  initialReadingText,
  initialsToReread,
  keptLocations,
  type MaskedNumberRecount,
  maskedNumbersToRecount,
  type NumberRecount,
  numbersToRecount,
  overturningLetter,
  parseDateTime,
  parseMoney,
  type RereadPass,
  rereadingsToBinarise,
  roundGlyphAt16,
  sbpIdFreeGlyphWords,
  sbpIdWordsToMeasure,
  secondReadingHelps,
} from './extraction/index'
export { type FamilyDefinition, families, recogniseFamily } from './families/index'
export * from './image/index'
export * from './match/index'
export * from './ocr/index'
export { parsePdf } from './pdf/parse-pdf'
export * from './pdf/pdf-model'
export { type PdfStructure, parsePdfStructure } from './pdf/structure/index'
export * from './replay/index'
export * from './review/index'
