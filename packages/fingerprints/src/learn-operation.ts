/**
 * `fingerprint learn`: collects genuine samples of a family (a folder, and/or the original files of
 * checks analysts accepted), refuses too few, learns one fingerprint (`learnFamilyFromFiles`), saves it
 * as the family's next immutable version and, unless told otherwise, makes it the active one.
 */
import { assessAuthenticity, fingerprints as builtin, type Fingerprint } from '@rv/core'
import type { FingerprintRepository, ReviewRepository } from '@rv/store'
import { learnFamilyFromFiles } from './learn-family'
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

export interface LearnDeps {
  fingerprints: Pick<FingerprintRepository, 'save' | 'activate' | 'activeAll'>
  reviews: Pick<ReviewRepository, 'acceptedSince'>
  /** Reads an accepted check's original file by its storage key. */
  readStored: (key: string) => Promise<Uint8Array>
}

export interface LearnRequest {
  family: string
  folder?: string
  /** Also learn from checks accepted as genuine (since `since` when given). */
  fromAccepted?: boolean
  since?: Date
  minSamples?: number
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
  samples: { folder: number; accepted: number }
  rejected: RejectedSample[]
  /** How the fingerprint active before judged the samples: a family that drifted shows it here. */
  judgedBefore: { version: string; verdicts: Record<string, number> }
}

export class TooFewSamplesError extends Error {
  constructor(family: string, found: number, needed: number, rejected: readonly RejectedSample[]) {
    const why = rejected
      .slice(0, 10)
      .map((r) => `${r.label}: ${r.reason}`)
      .join('; ')
    super(
      `refusing to learn ${family} from ${found} genuine receipt(s): at least ${needed} are needed; ` +
        `add receipts to the folder, accept more checks, or lower --min (not below ${MIN_SAMPLES_FLOOR})` +
        (rejected.length > 0 ? `. ${rejected.length} candidate(s) rejected: ${why}` : ''),
    )
    this.name = 'TooFewSamplesError'
  }
}

async function acceptedCandidates(
  deps: LearnDeps,
  req: LearnRequest,
): Promise<{
  candidates: SampleCandidate[]
  missing: RejectedSample[]
}> {
  const candidates: SampleCandidate[] = []
  const missing: RejectedSample[] = []
  for (const decision of await deps.reviews.acceptedSince(req.family, req.since)) {
    try {
      candidates.push({
        label: decision._id,
        origin: 'accepted',
        bytes: await deps.readStored(decision.file.key),
      })
    } catch (error) {
      missing.push({ label: decision._id, reason: `original file not readable: ${(error as Error).message}` })
    }
  }
  return { candidates, missing }
}

export async function learnFingerprintVersion(deps: LearnDeps, req: LearnRequest): Promise<LearnReport> {
  if (!builtin[req.family])
    throw new Error(`unknown family ${req.family}; known: ${Object.keys(builtin).join(', ')}`)
  const min = req.minSamples ?? DEFAULT_MIN_SAMPLES
  if (!Number.isInteger(min) || min < MIN_SAMPLES_FLOOR)
    throw new Error(`--min must be an integer of at least ${MIN_SAMPLES_FLOOR}`)
  if (!req.folder && !req.fromAccepted)
    throw new Error('nothing to learn from: give a folder or --from-accepted')
  const fromFolder = req.folder ? readFolderCandidates(req.folder) : []
  const fromChecks = req.fromAccepted ? await acceptedCandidates(deps, req) : { candidates: [], missing: [] }
  const screened = await screenSamples(req.family, [...fromFolder, ...fromChecks.candidates])
  const rejected = [...fromChecks.missing, ...screened.rejected]
  if (screened.accepted.length < min)
    throw new TooFewSamplesError(req.family, screened.accepted.length, min, rejected)

  const registry: Record<string, Fingerprint> = { ...builtin, ...(await deps.fingerprints.activeAll()) }
  const verdicts: Record<string, number> = {}
  for (const s of screened.accepted) {
    const verdict = assessAuthenticity(s.model, s.extraction, {}, registry).verdict ?? 'none'
    verdicts[verdict] = (verdicts[verdict] ?? 0) + 1
  }
  const learned = learnFamilyFromFiles(
    req.family,
    screened.accepted.map((s) => s.bytes),
  )
  const samples = {
    folder: screened.accepted.filter((s) => s.origin === 'folder').length,
    accepted: screened.accepted.filter((s) => s.origin === 'accepted').length,
  }
  const { document, created } = await deps.fingerprints.save(
    req.family,
    learned,
    { ...samples, ...(req.note ? { note: req.note } : {}) },
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
    judgedBefore: { version: registry[req.family]!.version ?? 'builtin', verdicts },
  }
}
