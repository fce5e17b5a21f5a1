export {
  assessAuthenticity,
  bankOf,
  checksOfSample,
  runAuthenticityChecks,
  sampleOf,
  verdictOf,
} from './assess'
export { type DocumentFeatures, documentFeatures, valueShape } from './features'
export { type Calibration, type Fingerprint, type LearningSample, learnFingerprint } from './fingerprint'
export { FINGERPRINT_VERSION_CHECK, fingerprintVersion, fingerprintVersionCheck } from './fingerprint-version'
export { fingerprints } from './fingerprints'
export { calibrate, INNER_FOLDS, learnFamilyFingerprint } from './learn-family'
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
export {
  DEFAULT_FALSE_ALARM,
  falseAlarmRate,
  MIN_FALSE_ALARM,
  P_DETECT,
  SCORE_CHECK,
  SUSPICIOUS_AT,
  scoreVerdict,
} from './verdict-score'
