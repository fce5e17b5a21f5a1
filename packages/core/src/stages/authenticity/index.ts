export { pooledWriterCalibration } from './calibration/pooled-calibration'
export { type DocumentFeatures, documentFeatures, valueShape } from './features/features'
export type { DrawnRun } from './features/page-drawing'
export { drawPage } from './features/page-drawing'
export { GRID_CANDIDATES, onGrid, textPositions } from './features/position-grid'
export { decodeSbpIdTime, type PrintedFacts, parsePdfDate, readPrintedFacts } from './features/printed-facts'
export { readLabelled } from './features/printed-values'
export { buildSegments } from './features/text-segments'
export {
  type Calibration,
  type Fingerprint,
  type LearningSample,
  learnFingerprint,
} from './fingerprint/fingerprint'
export {
  FINGERPRINT_VERSION_CHECK,
  fingerprintVersion,
  fingerprintVersionCheck,
} from './fingerprint/fingerprint-version'
export { fingerprints } from './fingerprint/fingerprints'
export {
  applyTemplateDrift,
  type GeneratorSignature,
  generatorSignature,
  signatureKey,
  TEMPLATE_DRIFT_CHECK,
  type TemplateDriftEvidence,
  unseenIdentity,
} from './fingerprint/template-drift'
export { readImageMetadata } from './image/image-metadata'
export { assessImageAuthenticity, imageMarkerCheck } from './image/index'
export {
  assessAuthenticity,
  bankOf,
  checksOfSample,
  runAuthenticityChecks,
  sampleOf,
  stratumOf,
  verdictOf,
} from './judging/assess'
export { variantDependentChecks } from './judging/variant-independent'
export {
  DEFAULT_FALSE_ALARM,
  falseAlarmRate,
  MIN_FALSE_ALARM,
  P_DETECT,
  SCORE_CHECK,
  SUSPICIOUS_AT,
  scoreVerdict,
  weightOf,
} from './judging/verdict-score'
export {
  forgeryRegressions,
  type Regression,
  type RegressionCase,
  verdictSeverity,
} from './learning/forgery-regression'
export {
  calibrate,
  foldOf,
  INNER_FOLDS,
  type LearnFamilyOptions,
  learnFamilyFingerprint,
} from './learning/learn-family'
export {
  DEFAULT_VERSION_GUARD,
  type GuardCandidate,
  guardNewVersions,
  knownVersions,
  type VersionGuardOutcome,
  type VersionGuardPolicy,
  type VersionGuardRow,
} from './learning/learning-guard'
