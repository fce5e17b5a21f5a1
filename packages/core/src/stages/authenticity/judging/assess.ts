/**
 * `assessAuthenticity`: runs every check of the document's family and turns them into a verdict.
 *  - unknown: the family is not recognised (or has no fingerprint): only the bank-independent checks run
 *    (bank-independent-checks.ts) and no claim is made unless one of them fails hard (then forged);
 *  - a family recognised by its bank alone (`<family>/unknown`): the family's variant-independent checks
 *    (variant-independent.ts);
 *  - forged: a hard (by-construction) check failed (soft evidence alone never makes forged);
 *  - suspicious: the soft evidence — failed learned checks weighed by their measured false-alarm rates,
 *    one weight per group of correlated checks — reached SUSPICIOUS_AT (verdict-score.ts);
 *  - genuine: otherwise (a soft check may have failed alone: its detail says so, the summary weighs it).
 */
import type { CheckResult, DocumentAssessment, Verdict } from '@rv/schemas'
import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import type { PdfModel } from '../../../vocabulary/pdf-model'
import type { AuthenticityContext, ExtractionResult } from '../../../vocabulary/stage-contracts'
import { unknownVariant } from '../../families/recognise-issuer-family'
import { documentFeatures } from '../features/features'
import { fontProgramChecks } from '../features/font-program-checks'
import { positionGridCheck } from '../features/position-grid'
import { readPrintedFacts } from '../features/printed-facts'
import type { Fingerprint, LearningSample } from '../fingerprint/fingerprint'
import { fingerprintVersionCheck } from '../fingerprint/fingerprint-version'
import { fingerprints } from '../fingerprint/fingerprints'
import { versionLabel } from '../fingerprint/generator-versions'
import { applyTemplateDrift } from '../fingerprint/template-drift'
import { bankIndependentChecks } from './bank-independent-checks'
import { drawingChecks } from './drawing-checks'
import { fingerprintChecks } from './fingerprint-checks'
import { hardChecks } from './hard-checks'
import { semanticChecks } from './semantic-checks'
import type { Stratum } from './stratified-rate'
import { variantIndependentChecks } from './variant-independent'
import { scoreVerdict } from './verdict-score'

/** The verdict of checks already scored (the last one is the `verdict.score` summary). */
export function verdictOf(checks: readonly CheckResult[]): Verdict {
  if (checks.some((c) => c.hard && !c.passed)) return 'forged'
  if (checks.some((c) => c.name === 'verdict.score' && !c.passed)) return 'suspicious'
  return 'genuine'
}

function isStructure(value: unknown): value is PdfStructure {
  return typeof value === 'object' && value !== null && Array.isArray((value as PdfStructure).pages)
}

/** What the checks read of one document: its features and printed facts (also a learning sample). */
export function sampleOf(structure: PdfStructure, bank: string, filename?: string): LearningSample {
  const features = documentFeatures(structure)
  const facts = readPrintedFacts(bank, features.segments, structure)
  return filename === undefined ? { features, facts } : { features, facts, filename }
}

/** Every check of one sample against one fingerprint, unscored: hard ones first. */
export function checksOfSample(sample: LearningSample, fingerprint: Fingerprint): CheckResult[] {
  const { features, facts } = sample
  const grid = positionGridCheck(features.textPositions, fingerprint.positionGrid)
  return [
    ...hardChecks(features),
    ...fingerprintChecks(features, fingerprint),
    ...fontProgramChecks(features.fontProgram, fingerprint.fontProgram ?? {}),
    ...drawingChecks(
      features,
      fingerprint,
      features.numeric['pageWidth'] ?? 0,
      features.numeric['pageHeight'] ?? 0,
    ),
    ...(grid ? [grid] : []),
    ...semanticChecks(fingerprint, facts, features.segments, sample.filename),
  ]
}

/** The scored checks of one document against one fingerprint (the benchmark passes held-out fingerprints). */
export function runAuthenticityChecks(
  structure: PdfStructure,
  bank: string,
  fingerprint: Fingerprint,
  filename?: string,
): CheckResult[] {
  const sample = sampleOf(structure, bank, filename)
  return scoreVerdict(checksOfSample(sample, fingerprint), fingerprint, stratumOf(sample)).checks
}

/** The calibration stratum of a sample: its variant (when known) and its generator version. */
export function stratumOf(sample: LearningSample): Stratum & { version: string } {
  const c = sample.features.categorical
  const version = versionLabel({ producer: c['producer'] ?? '(none)', creator: c['creator'] ?? '(none)' })
  return sample.variant === undefined ? { version } : { variant: sample.variant, version }
}

export function bankOf(family: string): string {
  return family.split('/')[0] ?? 'unknown'
}

export function assessAuthenticity(
  model: PdfModel,
  extraction: ExtractionResult,
  context: AuthenticityContext = {},
  registry: Readonly<Record<string, Fingerprint>> = fingerprints,
): DocumentAssessment {
  const family = extraction.family
  const fingerprint = registry[bankOf(family)]
  if (!isStructure(model.structure) || model.structure.pages.length === 0) {
    return { verdict: 'unknown', family, checks: [] }
  }
  if (!fingerprint) {
    const checks = bankIndependentChecks(documentFeatures(model.structure), extraction)
    return { verdict: checks.some((c) => c.hard && !c.passed) ? 'forged' : 'unknown', family, checks }
  }
  const variant = family.split('/')[1]
  const sample = { ...sampleOf(model.structure, bankOf(family), context.filename), variant }
  const all = checksOfSample(sample, fingerprint)
  // A variant no one has described is judged by what holds for every variant of its family.
  const checks = variant === unknownVariant ? variantIndependentChecks(all) : all
  const scored = scoreVerdict(
    applyTemplateDrift(checks, context.templateDrift),
    fingerprint,
    stratumOf(sample),
  )
  return { verdict: scored.verdict, family, checks: [...scored.checks, fingerprintVersionCheck(fingerprint)] }
}
