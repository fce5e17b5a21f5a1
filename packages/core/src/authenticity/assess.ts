/**
 * `assessAuthenticity`: runs every check of the document's family and turns them into a verdict.
 *  - unknown: the family is not recognised (or has no fingerprint): no claim either way;
 *  - forged: at least one hard check failed;
 *  - suspicious: only soft checks failed;
 *  - genuine: every check passed.
 */
import type { CheckResult, DocumentAssessment, Verdict } from '@rv/schemas'
import type { AuthenticityContext, ExtractionResult } from '../check/stage-contracts'
import type { PdfModel } from '../pdf/pdf-model'
import type { PdfStructure } from '../pdf/structure/structure-types'
import { drawingChecks } from './drawing-checks'
import { documentFeatures } from './features'
import type { Fingerprint } from './fingerprint'
import { fingerprintChecks } from './fingerprint-checks'
import { fingerprintVersionCheck } from './fingerprint-version'
import { fingerprints } from './fingerprints'
import { positionGridCheck } from './position-grid'
import { readPrintedFacts } from './printed-facts'
import { semanticChecks } from './semantic-checks'
import { applyTemplateDrift } from './template-drift'

export function verdictOf(checks: readonly CheckResult[]): Verdict {
  if (checks.some((c) => c.hard && !c.passed)) return 'forged'
  if (checks.some((c) => !c.passed)) return 'suspicious'
  return 'genuine'
}

function isStructure(value: unknown): value is PdfStructure {
  return typeof value === 'object' && value !== null && Array.isArray((value as PdfStructure).pages)
}

/** The checks of one document against one fingerprint (the benchmark passes held-out fingerprints). */
export function runAuthenticityChecks(
  structure: PdfStructure,
  bank: string,
  fingerprint: Fingerprint,
  filename?: string,
): CheckResult[] {
  const features = documentFeatures(structure)
  const facts = readPrintedFacts(bank, features.segments, structure)
  const page = structure.pages[0]!
  const grid = positionGridCheck(features.textPositions, fingerprint.positionGrid)
  return [
    ...fingerprintChecks(features, fingerprint),
    ...drawingChecks(features, fingerprint, page.width, page.height),
    ...(grid ? [grid] : []),
    ...semanticChecks(fingerprint, facts, features.segments, filename),
  ]
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
  if (!fingerprint || !isStructure(model.structure) || model.structure.pages.length === 0) {
    return { verdict: 'unknown', family, checks: [] }
  }
  const checks = [
    ...applyTemplateDrift(
      runAuthenticityChecks(model.structure, bankOf(family), fingerprint, context.filename),
      context.templateDrift,
    ),
    fingerprintVersionCheck(fingerprint),
  ]
  return { verdict: verdictOf(checks), family, checks }
}
