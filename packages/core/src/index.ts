export * from './aggregate/index'
export * from './check/api-projection'
export * from './check/error-codes'
export * from './check/example-record'
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
export * from './match/index'
export * from './pdf/pdf-model'
export * from './replay/index'
export { assessAuthenticity, type Fingerprint, fingerprints, learnFingerprint } from './authenticity/index'
export { type PdfStructure, parsePdfStructure } from './pdf/structure/index'
