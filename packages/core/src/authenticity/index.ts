export { assessAuthenticity, bankOf, runAuthenticityChecks, verdictOf } from './assess'
export { type DocumentFeatures, documentFeatures, valueShape } from './features'
export { type Fingerprint, type LearningSample, learnFingerprint } from './fingerprint'
export { FINGERPRINT_VERSION_CHECK, fingerprintVersion, fingerprintVersionCheck } from './fingerprint-version'
export { fingerprints } from './fingerprints'
export { decodeSbpIdTime, type PrintedFacts, parsePdfDate, readPrintedFacts } from './printed-facts'
export {
  applyTemplateDrift,
  type GeneratorSignature,
  generatorSignature,
  signatureKey,
  TEMPLATE_DRIFT_CHECK,
  type TemplateDriftEvidence,
  unseenIdentity,
} from './template-drift'
