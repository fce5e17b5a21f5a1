/**
 * `fingerprint learn`: collects genuine samples of a family (a folder, and/or the original files of checks
 * people of the tenants the operator lets teach — `teachingTenants`, none by default — confirmed genuine),
 * lets a new template version through only from several payers and tenants or the operator's approval
 * (`guardNewVersions`; refused receipts still calibrate), refuses too few, learns one fingerprint
 * (`learnFamilyFromScreened`), re-judges the confirmed forgeries with it (refused when one gets milder,
 * unless a lead forces it), saves it as the family's next immutable version and, unless told otherwise,
 * makes it the active one. The version records who taught it (`taught_by`: tenants, decision ids, the
 * operator, the approvals it relied on).
 */
import { assessAuthenticity, fingerprints as builtin, type Fingerprint } from '@rv/core'
import {
  DEFAULT_VERSION_GUARD,
  guardNewVersions,
  knownVersions,
  stratumOf,
  type VersionGuardPolicy,
  type VersionGuardRow,
} from '@rv/core/authenticity'
import type {
  FingerprintProvenance,
  FingerprintRepository,
  ReviewDecisionDocument,
  ReviewRepository,
} from '@rv/store'
import {
  ForgeryRegressionError,
  type RegressionDeps,
  type RegressionReport,
  runForgeryRegression,
} from './forgery-regression-run'
import { learnFamilyFromScreened, learningSampleOf } from './learn-family'
import { payerIdentity } from './payer-identity'
import {
  type RejectedSample,
  readFolderCandidates,
  type SampleCandidate,
  screenSamples,
} from './screen-samples'

/** Below this many genuine files a learned envelope says more about the sample than about the bank. */
export const DEFAULT_MIN_SAMPLES = 10
/** `--min` may lower the bar, not below this (the subset-tag pattern alone needs 5). */
export const MIN_SAMPLES_FLOOR = 5

export interface LearnDeps extends RegressionDeps {
  fingerprints: Pick<FingerprintRepository, 'save' | 'activate' | 'activeAll'>
  reviews: Pick<ReviewRepository, 'acceptedSince'>
  /** Which of these version labels the operator approved for the family (`fingerprint approve`), and by whom. */
  approvedVersions: (
    family: string,
    versions: readonly string[],
  ) => Promise<{ version: string; approved_by: string }[]>
  /** Whether the address is a console user of role `lead`. */
  isLead: (email: string) => Promise<boolean>
}

export interface LearnRequest {
  family: string
  folder?: string
  /** Also learn from checks accepted as genuine (since `since` when given). */
  fromAccepted?: boolean
  /** The tenants whose accepted checks may teach (`LEARNING_TENANTS`); none when absent or empty. */
  teachingTenants?: readonly string[]
  /** Who runs the learn: recorded in the version's `taught_by`. */
  operator: string
  since?: Date
  minSamples?: number
  /** The new-version guard (default ≥ 3 payers and ≥ 2 tenants among ≥ 5 confirmed receipts). */
  guard?: VersionGuardPolicy
  /** A lead's address: write the fingerprint even if confirmed forgeries get milder. */
  forceBy?: string
  /** Make the new version active (default true). */
  activate?: boolean
  note?: string
  now?: Date
}

export interface LearnReport {
  family: string
  version: string
  /** false when the learned content equals the latest version (no new version minted). */
  created: boolean
  active: boolean
  samples: { folder: number; accepted: number; calibrationOnly: number }
  rejected: RejectedSample[]
  /** Per generator version of the confirmed receipts: known, learned (payers or lead) or refused, and why. */
  versions: VersionGuardRow[]
  /** How the fingerprint active before judged the samples: a family that drifted shows it here. */
  judgedBefore: { version: string; verdicts: Record<string, number> }
  /** The confirmed forgeries re-judged with the learned fingerprint. */
  regression: RegressionReport & { forcedBy?: string }
}

export class TooFewSamplesError extends Error {
  constructor(
    family: string,
    found: number,
    needed: number,
    rejected: readonly RejectedSample[],
    refusedVersions: readonly VersionGuardRow[] = [],
  ) {
    const why = rejected
      .slice(0, 10)
      .map((r) => `${r.label}: ${r.reason}`)
      .join('; ')
    const versions = refusedVersions.map((v) => `${v.version}: ${v.reason}`).join('; ')
    super(
      `refusing to learn ${family} from ${found} genuine receipt(s): at least ${needed} are needed; ` +
        `add receipts to the folder, accept more checks, or lower --min (not below ${MIN_SAMPLES_FLOOR})` +
        (rejected.length > 0 ? `. ${rejected.length} candidate(s) rejected: ${why}` : '') +
        (versions ? `. New versions refused: ${versions}` : ''),
    )
    this.name = 'TooFewSamplesError'
  }
}

async function acceptedCandidates(deps: LearnDeps, req: LearnRequest) {
  const candidates: (SampleCandidate & { decision: ReviewDecisionDocument })[] = []
  const missing: RejectedSample[] = []
  for (const decision of await deps.reviews.acceptedSince(req.family, req.teachingTenants ?? [], req.since)) {
    try {
      const bytes = await deps.readStored(decision.file.key)
      candidates.push({ label: decision._id, origin: 'accepted', bytes, decision })
    } catch (error) {
      missing.push({ label: decision._id, reason: `original file not readable: ${(error as Error).message}` })
    }
  }
  return { candidates, missing }
}

function validate(req: LearnRequest): number {
  if (!builtin[req.family])
    throw new Error(`unknown family ${req.family}; known: ${Object.keys(builtin).join(', ')}`)
  const min = req.minSamples ?? DEFAULT_MIN_SAMPLES
  if (!Number.isInteger(min) || min < MIN_SAMPLES_FLOOR)
    throw new Error(`--min must be an integer of at least ${MIN_SAMPLES_FLOOR}`)
  const guard = req.guard ?? DEFAULT_VERSION_GUARD
  if (
    !Number.isInteger(guard.minPayers) ||
    guard.minPayers < 2 ||
    !Number.isInteger(guard.minSamples) ||
    guard.minSamples < guard.minPayers ||
    !Number.isInteger(guard.minTenants ?? 2) ||
    (guard.minTenants ?? 2) < 2
  )
    throw new Error(
      '--min-payers and --min-tenants must be integers of at least 2, --min-version-samples at least --min-payers',
    )
  if (req.operator.trim() === '') throw new Error('the operator running the learn must be named')
  if (!req.folder && !req.fromAccepted)
    throw new Error('nothing to learn from: give a folder or --from-accepted')
  return min
}

export async function learnFingerprintVersion(deps: LearnDeps, req: LearnRequest): Promise<LearnReport> {
  const min = validate(req)
  if (req.forceBy && !(await deps.isLead(req.forceBy)))
    throw new Error(`--force-by ${req.forceBy}: not a console user of role lead`)
  const fromFolder = req.folder ? readFolderCandidates(req.folder) : []
  const fromChecks = req.fromAccepted ? await acceptedCandidates(deps, req) : { candidates: [], missing: [] }
  const screened = await screenSamples(req.family, [...fromFolder, ...fromChecks.candidates])
  const rejected = [...fromChecks.missing, ...screened.rejected]
  const registry: Record<string, Fingerprint> = { ...builtin, ...(await deps.fingerprints.activeAll()) }

  const decisions = new Map(fromChecks.candidates.map((c) => [c.label, c.decision]))
  const candidates = await Promise.all(
    screened.accepted.map(async (s) => {
      const decision = decisions.get(s.label)
      return {
        id: s.label,
        origin: s.origin,
        version: stratumOf(learningSampleOf(req.family, s)).version,
        payer: payerIdentity(s.extraction, s.model),
        tenant: decision?.tenant_id ?? null,
      }
    }),
  )
  const known = knownVersions(registry[req.family])
  const unknown = [...new Set(candidates.map((c) => c.version).filter((v) => !known.has(v)))]
  const approvals = await deps.approvedVersions(req.family, unknown)
  const guarded = guardNewVersions(known, candidates, new Set(approvals.map((a) => a.version)), req.guard)
  const learnIds = new Set(guarded.learn)
  const learnFrom = screened.accepted.filter((s) => learnIds.has(s.label))
  const calibrateOn = screened.accepted.filter((s) => !learnIds.has(s.label))
  const refused = guarded.versions.filter((v) => v.decision === 'refused')
  if (learnFrom.length < min)
    throw new TooFewSamplesError(req.family, learnFrom.length, min, rejected, refused)

  const verdicts: Record<string, number> = {}
  for (const s of learnFrom) {
    const verdict = assessAuthenticity(s.model, s.extraction, {}, registry).verdict ?? 'none'
    verdicts[verdict] = (verdicts[verdict] ?? 0) + 1
  }
  const learned = learnFamilyFromScreened(req.family, learnFrom, calibrateOn)
  const regression = await runForgeryRegression(deps, req.family, {
    now: registry,
    candidate: { ...registry, [req.family]: learned },
  })
  if (regression.regressions.length > 0 && !req.forceBy) throw new ForgeryRegressionError(regression)

  const samples = {
    folder: learnFrom.filter((s) => s.origin === 'folder').length,
    accepted: learnFrom.filter((s) => s.origin === 'accepted').length,
    calibrationOnly: calibrateOn.length,
  }
  const forced = regression.regressions.length > 0 ? req.forceBy : undefined
  const { document, created } = await deps.fingerprints.save(
    req.family,
    learned,
    {
      folder: samples.folder,
      accepted: samples.accepted,
      ...(samples.calibrationOnly > 0 ? { calibration_only: samples.calibrationOnly } : {}),
      ...(forced ? { forced_by: forced } : {}),
      ...(req.note ? { note: req.note } : {}),
      taught_by: taughtBy(req, learnFrom, decisions, guarded.versions, approvals),
    },
    req.now,
  )
  const activate = req.activate ?? true
  if (activate) await deps.fingerprints.activate(req.family, document.version, req.now)
  return {
    family: req.family,
    version: document.fingerprint.version ?? `v${document.version}`,
    created,
    active: activate,
    samples,
    rejected,
    versions: guarded.versions,
    judgedBefore: { version: registry[req.family]!.version ?? 'builtin', verdicts },
    regression: { ...regression, ...(forced ? { forcedBy: forced } : {}) },
  }
}

/** Who taught the version: the decisions learned from, their tenants, the operator, the approvals used. */
function taughtBy(
  req: LearnRequest,
  learnFrom: readonly { label: string }[],
  decisions: ReadonlyMap<string, ReviewDecisionDocument>,
  versions: readonly VersionGuardRow[],
  approvals: readonly { version: string; approved_by: string }[],
): NonNullable<FingerprintProvenance['taught_by']> {
  const taught = learnFrom.flatMap((s) => decisions.get(s.label) ?? [])
  const relied = new Set(versions.filter((v) => v.decision === 'operator').map((v) => v.version))
  return {
    tenants: [...new Set(taught.map((d) => d.tenant_id))].sort(),
    decisions: taught.map((d) => d._id),
    operator: req.operator,
    approvals: approvals.filter((a) => relied.has(a.version)),
  }
}
