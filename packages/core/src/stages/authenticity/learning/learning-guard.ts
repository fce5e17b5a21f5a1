/**
 * Which confirmed receipts may teach a fingerprint a template version it does not know.
 *
 * One receipt confirmed genuine by one analyst is what a forger's new tool would look like to a careless
 * reviewer; the same new version confirmed on receipts of several different payers, by several tenants, is
 * what an app update looks like. The fingerprints are shared: every tenant's checks are judged by them, so
 * no one tenant — not its analysts, not its lead — may teach all of them a new version. A generator version
 * the active fingerprint has not seen is learned from confirmed receipts only when they come from at least
 * `minPayers` distinct payers and `minTenants` distinct tenants among at least `minSamples` receipts, or when
 * the operator approved it (`fingerprint approve`). Refused receipts are not thrown away: they are still
 * labelled genuine samples of their stratum, so the learner counts them in the calibration (`calibrate`'s
 * `judgedOnly`) without learning their facts. Which tenants' decisions are candidates at all is the
 * operator's configuration (`LEARNING_TENANTS`, read by the learn operation).
 *
 * Receipts from an operator's folder are the operator's own choice and pass; so do confirmed receipts of a
 * version the fingerprint (or the folder) already knows.
 */
import type { Fingerprint } from '../fingerprint/fingerprint'
import { versionLabel } from '../fingerprint/generator-versions'

export interface VersionGuardPolicy {
  /** Distinct payers a new version's confirmed receipts must come from. */
  minPayers: number
  /** Confirmed receipts of the new version needed. */
  minSamples: number
  /** Distinct tenants whose decisions confirmed them (default 2: one tenant never teaches alone). */
  minTenants?: number
}

/**
 * ≥ 3 distinct payers and ≥ 2 tenants among ≥ 5 receipts: one payer's repeated receipts, or one tenant's
 * decisions, never teach a version.
 */
export const DEFAULT_VERSION_GUARD = {
  minPayers: 3,
  minSamples: 5,
  minTenants: 2,
} as const satisfies Required<VersionGuardPolicy>

export interface GuardCandidate {
  id: string
  origin: 'folder' | 'accepted'
  /** `versionLabel` of the receipt's producer and creator (the calibration's `version:` stratum). */
  version: string
  /** An opaque payer identity (a digest of the normalised sender), null when extraction read none. */
  payer: string | null
  /** The tenant whose decision confirmed it; null for a folder's receipt. */
  tenant: string | null
}

export type VersionDecision = 'known' | 'payers' | 'operator' | 'refused'

export interface VersionGuardRow {
  version: string
  /** Confirmed (accepted) receipts of the version among the candidates. */
  samples: number
  /** Distinct payers among them (receipts without a read payer count for none). */
  payers: number
  /** Distinct tenants whose decisions confirmed them. */
  tenants: number
  decision: VersionDecision
  reason: string
}

export interface VersionGuardOutcome {
  /** Candidate ids the fingerprint may learn from. */
  learn: string[]
  /** Refused candidate ids: counted in the calibration only. */
  judgedOnly: string[]
  /** One row per version among the accepted candidates. */
  versions: VersionGuardRow[]
}

/** The version labels a fingerprint knows: its builds, or for older fingerprints its producer × creator. */
export function knownVersions(fp: Fingerprint | undefined): Set<string> {
  if (!fp) return new Set()
  if (fp.versions && fp.versions.length > 0) return new Set(fp.versions.map(versionLabel))
  const labels = new Set<string>()
  for (const producer of fp.categorical['producer'] ?? [])
    for (const creator of fp.categorical['creator'] ?? ['(none)'])
      labels.add(versionLabel({ producer, creator }))
  return labels
}

/**
 * Splits the candidates into learned and judged-only, per version.
 *
 * @example guardNewVersions(knownVersions(active), candidates, new Set(approvedLabels), DEFAULT_VERSION_GUARD)
 */
export function guardNewVersions(
  known: ReadonlySet<string>,
  candidates: readonly GuardCandidate[],
  approved: ReadonlySet<string>,
  policy: VersionGuardPolicy = DEFAULT_VERSION_GUARD,
): VersionGuardOutcome {
  const minTenants = policy.minTenants ?? DEFAULT_VERSION_GUARD.minTenants
  const vouched = new Set([
    ...known,
    ...candidates.filter((c) => c.origin === 'folder').map((c) => c.version),
  ])
  const byVersion = new Map<string, GuardCandidate[]>()
  for (const c of candidates) {
    if (c.origin !== 'accepted') continue
    byVersion.set(c.version, [...(byVersion.get(c.version) ?? []), c])
  }
  const refused = new Set<string>()
  const versions: VersionGuardRow[] = [...byVersion.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([version, cs]) => {
      const payers = distinct(cs.map((c) => c.payer))
      const tenants = distinct(cs.map((c) => c.tenant))
      const row = { version, samples: cs.length, payers, tenants }
      if (vouched.has(version))
        return { ...row, decision: 'known' as const, reason: 'a version the fingerprint or the folder knows' }
      if (approved.has(version))
        return { ...row, decision: 'operator' as const, reason: 'a new version approved by the operator' }
      if (payers >= policy.minPayers && tenants >= minTenants && cs.length >= policy.minSamples)
        return {
          ...row,
          decision: 'payers' as const,
          reason: `a new version confirmed on ${cs.length} receipts of ${payers} distinct payers by ${tenants} tenants`,
        }
      for (const c of cs) refused.add(c.id)
      return {
        ...row,
        decision: 'refused' as const,
        reason:
          `a new version needs ≥ ${policy.minPayers} distinct payers and ≥ ${minTenants} tenants among ≥ ` +
          `${policy.minSamples} confirmed receipts, or the operator's approval; found ${payers} payer(s) and ` +
          `${tenants} tenant(s) among ${cs.length}: counted in the calibration only`,
      }
    })
  return {
    learn: candidates.filter((c) => !refused.has(c.id)).map((c) => c.id),
    judgedOnly: candidates.filter((c) => refused.has(c.id)).map((c) => c.id),
    versions,
  }
}

/** How many distinct non-null values. */
function distinct(values: readonly (string | null)[]): number {
  return new Set(values.filter((v): v is string => v !== null)).size
}
