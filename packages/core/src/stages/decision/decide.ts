/**
 * The recommendation: every finding maps, through the profile, to an action (accept, review, reject), and
 * the strictest action wins. Reasons list every finding that pushed away from accept, in a fixed order
 * (error, document, expectation, match, replay), so equal inputs always give equal reason lists.
 */
import type { Expectation, MatchFlags, Profile, ProfileAction, Recommendation } from '@rv/schemas'
import type { DecisionInput } from '../../vocabulary/stage-contracts'
import { TEMPLATE_DRIFT_CHECK } from '../authenticity/fingerprint/template-drift'
import { imageMarkerCheck, isImageAssessment } from '../authenticity/image/assess-image'
import { effectiveVerdict } from './effective-verdict'
import { missingExpectationMembers } from './expectation-requirements'

/** `decide` may also see the expectation, to enforce the profile's required members. */
export interface DecisionContext {
  expectation?: Expectation
}

const severity: Record<ProfileAction, number> = { accept: 0, review: 1, reject: 2 }
const matchFlagOrder: readonly (keyof MatchFlags)[] = [
  'amount',
  'currency',
  'recipient',
  'window',
  'type',
  'status',
  'bank',
  'payment_reference',
]

class Findings {
  action: ProfileAction = 'accept'
  readonly reasons: string[] = []
  add(action: ProfileAction, reason: string): void {
    if (action === 'accept') return
    if (severity[action] > severity[this.action]) this.action = action
    if (!this.reasons.includes(reason)) this.reasons.push(reason)
  }
}

/**
 * A picture: failed checks count as for a PDF, and a clean one (never `genuine`, docs/authenticity.md
 * "Images") takes the profile's `document.image` action, review unless the tenant chose otherwise.
 */
function imageFindings(input: DecisionInput, profile: Profile, f: Findings): void {
  const { hardFailures, softFailures } = effectiveVerdict(input.document, profile.checks)
  const soft = softFailures.filter((name) => name !== imageMarkerCheck)
  if (input.document.family === 'unknown') f.add(profile.document.unknown_family, 'family_unknown')
  if (hardFailures.length > 0) f.add(profile.document.forged, 'document_forged')
  else if (soft.length > 0) f.add(profile.document.suspicious, 'document_suspicious')
  else f.add(profile.document.image ?? 'review', 'document_image_unverified')
  for (const name of hardFailures) f.add(profile.document.forged, `check_failed:${name}`)
  for (const name of soft) f.add(profile.document.suspicious, `check_failed:${name}`)
}

function documentFindings(input: DecisionInput, profile: Profile, f: Findings): void {
  if (isImageAssessment(input.document)) {
    imageFindings(input, profile, f)
    return
  }
  const { verdict, hardFailures, softFailures, evidence } = effectiveVerdict(input.document, profile.checks)
  // A bank without a family is judged by the bank-independent checks alone: no claim unless one failed hard.
  const unknownFamily = verdict === 'unknown' || (input.document.family === 'unknown' && verdict !== 'forged')
  if (unknownFamily) f.add(profile.document.unknown_family, 'family_unknown')
  else if (verdict === null) f.add('review', 'document_unassessed')
  else if (verdict === 'forged') f.add(profile.document.forged, 'document_forged')
  else if (verdict === 'suspicious') f.add(profile.document.suspicious, 'document_suspicious')
  const checkAction = verdict === 'forged' ? profile.document.forged : profile.document.suspicious
  // Its own code, so clients can tell a bank's app update from a forgery without parsing check names.
  const drift = input.document.checks.some((c) => c.name === TEMPLATE_DRIFT_CHECK && !c.passed)
  if (!unknownFamily && drift) f.add(checkAction, 'template_drift')
  if (!unknownFamily) {
    for (const name of hardFailures) f.add(profile.document.forged, `check_failed:${name}`)
    for (const name of softFailures) f.add(checkAction, `check_failed:${name}`)
    // The soft checks that moved the score are reasons only when the score decided something.
    if (verdict === 'forged' || verdict === 'suspicious') {
      for (const name of evidence) f.add(checkAction, `check_failed:${name}`)
    }
  }
}

function matchFindings(input: DecisionInput, profile: Profile, f: Findings): void {
  if (matchFlagOrder.some((k) => input.match[k] === null || input.match[k] === undefined)) {
    // Without flags nothing vouches for the expectation: never accept blind.
    if (input.error === null) f.add('review', 'match_unavailable')
  }
  for (const flag of matchFlagOrder) {
    if (input.match[flag] === false) f.add(profile.match.flags[flag], `match_${flag}_failed`)
  }
}

const replayActions = (profile: Profile): Record<string, ProfileAction> => ({
  replay_identical_file: profile.replay.identical_file,
  replay_same_receipt: profile.replay.same_receipt,
  replay_operation_id_reused: profile.replay.operation_id_reused,
  replay_cross_tenant: profile.replay.cross_tenant_action,
})

/**
 * @example decide(input, defaultProfile) // { recommendation: 'accept', reasons: [] }
 */
export function decide(
  input: DecisionInput,
  profile: Profile,
  context: DecisionContext = {},
): { recommendation: Recommendation; reasons: string[] } {
  const f = new Findings()
  if (input.error !== null) {
    // A failed check is never accepted, whatever the profile says.
    f.add(profile.errors.failed === 'reject' ? 'reject' : 'review', `error:${input.error.code}`)
  }
  documentFindings(input, profile, f)
  if (context.expectation !== undefined && profile.expectation.missing !== 'refuse') {
    for (const member of missingExpectationMembers(context.expectation, profile)) {
      f.add(profile.expectation.missing, `expectation_missing:${member}`)
    }
  }
  matchFindings(input, profile, f)
  const actions = replayActions(profile)
  for (const reason of input.replayReasons) {
    const action = actions[reason]
    if (action !== undefined) f.add(action, reason)
  }
  return { recommendation: f.action, reasons: f.reasons }
}

/**
 * `decide` bound to a profile, in the shape the aggregator's process manager takes (`Recommend`).
 * @example decideAggregate(state, now, recommendWith(profile))
 */
export function recommendWith(
  profile: Profile,
  context: DecisionContext = {},
): (input: DecisionInput) => { recommendation: Recommendation; reasons: string[] } {
  return (input) => decide(input, profile, context)
}
