export { type CheckRun, type RunCheckInput, runCheck, runCheckDetailed } from './pipeline/run-check'
export * from './readers/image/index'
export * from './readers/ocr/index'
export { parsePdf } from './readers/pdf/parse-pdf'
export { type PdfStructure, parsePdfStructure } from './readers/pdf/structure/index'
export * from './stages/aggregate/index'
export {
  assessAuthenticity,
  type Fingerprint,
  fingerprints,
  type LearningSample,
  learnFamilyFingerprint,
  learnFingerprint,
  sampleOf,
} from './stages/authenticity/index'
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
} from './stages/decision/index'
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
} from './stages/extraction/index'
export { type FamilyDefinition, families, recogniseFamily } from './stages/families/index'
export * from './stages/match/index'
export * from './stages/replay/index'
export * from './stages/review/index'
export * from './vocabulary/api-projection'
export * from './vocabulary/error-codes'
export * from './vocabulary/example-record'
export * from './vocabulary/pdf-model'
export type * from './vocabulary/stage-contracts'
