/**
 * Facts of a family that its few samples cannot give, kept from its FAMILIES.md fingerprint beside the learned
 * ones (T-Bank: 6 receipts of 4 variants and 2 builds, against 14 files measured in FAMILIES.md). Learning
 * merges them into every fingerprint it makes — the committed one and each inner or outer fold's — so the
 * calibration measures the fingerprint production runs:
 *  - envelopes (sizes, counts, page height, bottom margin): the hull of the learned and the written range;
 *    one it does not state and a few samples cannot bound (the file size): removed, so not judged;
 *  - layout anchors: the written ones replace the learned (anchors recur across a variant's receipts; a
 *    variant seen once has none to learn);
 *  - time slacks (SBP id, CreationDate): the hull;
 *  - member sets FAMILIES.md states (the writer's conventions): the union; sets it does not state and a few
 *    samples cannot cover (the operator vocabulary): removed, so not judged;
 *  - a build's stated member sets (its Info value shapes): the union, for a build learned from its samples.
 * Version-bound facts (producer, creator, fonts, subset tags) are never kept here: they are learned per build
 * from its own samples, so a build held out stays unseen.
 */
import tbank from '../../families/tbank/written-facts.json'
import vtb from '../../families/vtb/written-facts.json'
import type { Envelope, Fingerprint } from './fingerprint'

export interface WrittenFacts {
  family: string
  notes: string
  numeric: Record<string, Envelope>
  /** Envelopes the samples cannot bound and FAMILIES.md does not state: not judged (removed). */
  dropNumeric?: string[]
  /** Member sets stated by FAMILIES.md: unioned with the learned ones. */
  members?: Record<string, string[]>
  /** Member sets the samples cannot cover and FAMILIES.md does not state: not judged (removed). */
  dropMembers?: string[]
  /** Per build (producer): member sets FAMILIES.md states for it, given to a build learned from samples. */
  versionMembers?: Record<string, Record<string, string[]>>
  layout?: Fingerprint['layout']
  semantics?: Partial<Record<'idTimeSlack' | 'creationAfterOperation', Envelope>>
}

/** Thin families: learned from a few samples, with the facts FAMILIES.md adds (their writer counts are pooled). */
export const writtenFacts: Readonly<Record<string, WrittenFacts>> = { tbank }

/**
 * Fully learned families whose samples lack a variant FAMILIES.md describes (VTB's state-fee payment, from the
 * hidden set): its envelopes are merged in the same way, and the family stays a source of pooled writer counts.
 */
export const variantFacts: Readonly<Record<string, WrittenFacts>> = { vtb }

const union = (a: readonly string[] | undefined, b: readonly string[]) =>
  [...new Set([...(a ?? []), ...b])].sort()

const hull = (a: Envelope | null | undefined, b: Envelope): Envelope =>
  a ? { min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) } : b

/** The learned fingerprint with the family's written facts merged in (unchanged when it has none). */
export function withWrittenFacts(
  fp: Fingerprint,
  facts = writtenFacts[fp.family] ?? variantFacts[fp.family],
): Fingerprint {
  if (!facts) return fp
  const numeric = { ...fp.numeric }
  for (const [key, env] of Object.entries(facts.numeric)) numeric[key] = hull(numeric[key], env)
  for (const key of facts.dropNumeric ?? []) delete numeric[key]
  const members = { ...fp.members }
  for (const [key, values] of Object.entries(facts.members ?? {})) members[key] = union(members[key], values)
  for (const key of facts.dropMembers ?? []) delete members[key]
  const versions = fp.versions?.map((v) => {
    const extra = facts.versionMembers?.[v.producer]
    if (!extra) return v
    const own = { ...v.members }
    for (const [key, values] of Object.entries(extra)) own[key] = union(own[key], values)
    return { ...v, members: own }
  })
  const semantics = { ...fp.semantics }
  const written = facts.semantics ?? {}
  if (written.idTimeSlack) semantics.idTimeSlack = hull(semantics.idTimeSlack, written.idTimeSlack)
  if (written.creationAfterOperation)
    semantics.creationAfterOperation = hull(semantics.creationAfterOperation, written.creationAfterOperation)
  return {
    ...fp,
    numeric,
    members,
    ...(versions ? { versions } : {}),
    semantics,
    ...(facts.layout ? { layout: facts.layout } : {}),
    notes: facts.notes,
  }
}
