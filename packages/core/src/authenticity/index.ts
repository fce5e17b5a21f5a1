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
export {
  forgeryRegressions,
  type Regression,
  type RegressionCase,
  verdictSeverity,
} from './forgery-regression'
export { calibrate, INNER_FOLDS, type LearnFamilyOptions, learnFamilyFingerprint } from './learn-family'
export {
  DEFAULT_VERSION_GUARD,
  type GuardCandidate,
  guardNewVersions,
  knownVersions,
  type VersionGuardOutcome,
  type VersionGuardPolicy,
  type VersionGuardRow,
} from './learning-guard'
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
