/**
 * Template drift: a bank updates its app and its receipts start to carry a generator identity (producer,
 * creator, PDF versions, font set) that the family's fingerprint has never seen. One file with an unseen
 * identity is what a forger's tool looks like; the same unseen identity arriving from many independent
 * payers (and merchants) within a window is what an app update looks like. The core cannot count payers
 * (that needs the store), so the stage passes the counts in and the core only decides.
 */
import type { CheckResult } from '@rv/schemas'
import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import type { TemplateDriftEvidence } from '../../../vocabulary/stage-contracts'
import type { Fingerprint } from './fingerprint'

/** The generator identity of a document, in the same value forms as `documentFeatures().categorical`. */
export interface GeneratorSignature {
  producer: string
  creator: string
  headerVersion: string
  catalogVersion: string
  fontSet: string
}

/** The identity facts and the checks that compare them with the fingerprint. */
const IDENTITY: Record<keyof GeneratorSignature, string> = {
  producer: 'generator.producer',
  creator: 'generator.creator',
  headerVersion: 'generator.header_version',
  catalogVersion: 'generator.catalog_version',
  fontSet: 'fonts.set',
}
/** A new font set brings new font descriptions with it: judged with the identity, not apart from it. */
const FOLLOWS_IDENTITY = ['fonts.properties']

export const TEMPLATE_DRIFT_CHECK = 'generator.template_drift'

/** Read from the raw structure alone (no drawing), so the stage can key its counts before assessing. */
export function generatorSignature(s: PdfStructure): GeneratorSignature {
  const page = s.pages[0]
  return {
    producer: s.info['Producer'] ?? '(none)',
    creator: s.info['Creator'] ?? '(none)',
    headerVersion: s.headerVersion ?? '(none)',
    catalogVersion: s.catalog.version ?? '(none)',
    fontSet: [...new Set((page?.fonts ?? []).map((f) => f.name))].sort().join(' '),
  }
}

/** A stable text key of a signature (the store's key); it holds software names and font names only. */
export function signatureKey(sig: GeneratorSignature): string {
  return (Object.keys(IDENTITY) as (keyof GeneratorSignature)[]).map((k) => `${k}=${sig[k]}`).join('|')
}

/** The identity facts the fingerprint has not seen (empty: a known generator). A fact it does not record is never unseen. */
export function unseenIdentity(fp: Fingerprint, sig: GeneratorSignature): (keyof GeneratorSignature)[] {
  return (Object.keys(IDENTITY) as (keyof GeneratorSignature)[]).filter((k) => {
    const allowed = fp.categorical[k]
    return allowed !== undefined && !allowed.includes(sig[k])
  })
}

export type { TemplateDriftEvidence }

/**
 * The failed checks that template drift explains (the identity checks and the drift check itself): the
 * score leaves them out, so an app update seen from many payers moves the verdict by nothing but its
 * reason code (`template_drift`, review under the default profile). Empty when there is no drift.
 */
export function explainedByDrift(checks: readonly CheckResult[]): Set<string> {
  if (!checks.some((c) => c.name === TEMPLATE_DRIFT_CHECK && !c.passed)) return new Set()
  return new Set([...Object.values(IDENTITY), ...FOLLOWS_IDENTITY, TEMPLATE_DRIFT_CHECK])
}

/**
 * Applies the drift decision to the checks of a document whose generator identity the fingerprint has
 * not seen. Below the thresholds nothing changes (an unseen identity counts in the score like any soft
 * evidence). At or above them the identity checks that failed are soft (they already are, unless a profile
 * made them hard) and one failed soft check `generator.template_drift` says why; the score leaves them out
 * (`explainedByDrift`): the document is never suspicious or forged for its generator alone. Every other hard
 * check (revisions, deflate, glyphs, arithmetic, …) stays hard: a re-saved forgery is still caught by them.
 */
export function applyTemplateDrift(
  checks: readonly CheckResult[],
  evidence: TemplateDriftEvidence | undefined,
): CheckResult[] {
  if (!evidence) return [...checks]
  const identityChecks = new Set([...Object.values(IDENTITY), ...FOLLOWS_IDENTITY])
  const failedIdentity = checks.filter((c) => !c.passed && identityChecks.has(c.name))
  const drift = evidence.payers >= evidence.minPayers && evidence.tenants >= evidence.minTenants
  if (!drift || failedIdentity.length === 0) return [...checks]
  const softened = checks.map((c) =>
    !c.passed && identityChecks.has(c.name)
      ? { ...c, hard: false, detail: `${c.detail} (template drift)` }
      : c,
  )
  softened.push({
    name: TEMPLATE_DRIFT_CHECK,
    hard: false,
    passed: false,
    // No counts: they are of other tenants' submissions (payers told apart by the names read from their
    // files), which a tenant must not learn from its own record. Operators find them in the store
    // (`generator_sightings`; docs/authenticity.md, Template drift).
    detail:
      `unseen generator (${failedIdentity.map((c) => c.name).join(', ')}) seen from enough independent ` +
      `submitters within ${evidence.windowHours} h to be a bank's app update; relearn the fingerprint`,
  })
  return softened
}
