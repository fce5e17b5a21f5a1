/**
 * Which confirmed receipts may teach a fingerprint a template version it does not know.
 *
 * One receipt confirmed genuine by one analyst is what a forger's new tool would look like to a careless
 * reviewer; the same new version confirmed on receipts of several different payers is what an app update
 * looks like. So a generator version the active fingerprint has not seen is learned from confirmed receipts
 * only when they come from at least `minPayers` distinct payers among at least `minSamples` receipts, or
 * when a lead approved it (a lead's own genuine decision on one of them, or an explicit approval). Refused
 * receipts are not thrown away: they are still labelled genuine samples of their stratum, so the learner
 * counts them in the calibration (`calibrate`'s `judgedOnly`) without learning their facts.
 *
 * Receipts from an operator's folder are the operator's own choice and pass; so do confirmed receipts of a
 * version the fingerprint (or the folder) already knows.
 */
import type { Fingerprint } from './fingerprint'
import { versionLabel } from './generator-versions'

export interface VersionGuardPolicy {
  /** Distinct payers a new version's confirmed receipts must come from. */
  minPayers: number
  /** Confirmed receipts of the new version needed. */
  minSamples: number
}

/** ≥ 3 distinct payers among ≥ 5 receipts: one payer's repeated receipts never teach a version. */
export const DEFAULT_VERSION_GUARD: VersionGuardPolicy = { minPayers: 3, minSamples: 5 }

export interface GuardCandidate {
  id: string
  origin: 'folder' | 'accepted'
  /** `versionLabel` of the receipt's producer and creator (the calibration's `version:` stratum). */
  version: string
  /** An opaque payer identity (a digest of the normalised sender), null when extraction read none. */
  payer: string | null
  /** Confirmed genuine by a user of role `lead`. */
  byLead: boolean
}

export type VersionDecision = 'known' | 'payers' | 'lead' | 'refused'

export interface VersionGuardRow {
  version: string
  /** Confirmed (accepted) receipts of the version among the candidates. */
  samples: number
  /** Distinct payers among them (receipts without a read payer count for none). */
  payers: number
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
      const payers = new Set(cs.map((c) => c.payer).filter((p): p is string => p !== null)).size
      const row = { version, samples: cs.length, payers }
      if (vouched.has(version))
        return { ...row, decision: 'known' as const, reason: 'a version the fingerprint or the folder knows' }
      if (approved.has(version) || cs.some((c) => c.byLead))
        return { ...row, decision: 'lead' as const, reason: 'a new version approved by a lead' }
      if (payers >= policy.minPayers && cs.length >= policy.minSamples)
        return {
          ...row,
          decision: 'payers' as const,
          reason: `a new version confirmed on ${cs.length} receipts of ${payers} distinct payers`,
        }
      for (const c of cs) refused.add(c.id)
      return {
        ...row,
        decision: 'refused' as const,
        reason:
          `a new version needs ≥ ${policy.minPayers} distinct payers among ≥ ${policy.minSamples} confirmed ` +
          `receipts, or a lead's approval; found ${payers} payer(s) among ${cs.length}: counted in the calibration only`,
      }
    })
  return {
    learn: candidates.filter((c) => !refused.has(c.id)).map((c) => c.id),
    judgedOnly: candidates.filter((c) => refused.has(c.id)).map((c) => c.id),
    versions,
  }
}
