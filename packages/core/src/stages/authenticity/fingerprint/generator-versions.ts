/**
 * A bank runs several server builds of its receipt generator at once (T-Bank: JasperReports 6.20.3 + OpenPDF
 * beside JasperReports 6.4.3 + iText 2.1.7, issued the same days). A build is a *version* of the family's
 * generator: the facts bound to it (producer and creator strings, PDF version, font set and font
 * descriptions, Info value shapes and keys, subset tags) are learned per version, and a document is judged
 * against its own version's facts — stricter than the family's union, which would let one build's fonts
 * pass under the other's producer.
 *
 * A version not seen yet is drift, not forgery, when its producer and creator are other versions of the
 * libraries the family's versions use (a known server-side PDF library or reporting engine): its
 * version-bound facts are not judged. Everything else still is — revisions, editing tools, glyph coverage,
 * first-use order, the writer's byte habits, SBP id time, arithmetic. A tool outside the family's libraries
 * (an editor, a converter, a browser the bank does not use) is judged against every seen version as before.
 */
import type { DocumentFeatures } from '../features/features'

/** One server build of a family's generator and the facts bound to it. */
export interface GeneratorVersion {
  producer: string
  creator: string
  /** Genuine samples of this build behind the facts (0: written from FAMILIES.md). */
  samples: number
  categorical: Record<string, string[]>
  members: Record<string, string[]>
  subsetTagPattern: string
}

/** Categorical and member features bound to a build (fingerprint-checks.ts names their checks). */
export const VERSION_BOUND_CATEGORICAL = [
  'producer',
  'creator',
  'headerVersion',
  'catalogVersion',
  'infoKeys',
  'fontSet',
] as const
export const VERSION_BOUND_MEMBERS = ['fontProps', 'infoShapes'] as const
/** The checks of those features, plus the subset tags: what an unseen version of a known library may change. */
export const VERSION_BOUND_CHECKS: ReadonlySet<string> = new Set([
  'generator.producer',
  'generator.creator',
  'generator.header_version',
  'generator.catalog_version',
  'generator.info_keys',
  'generator.info_value_shapes',
  'fonts.set',
  'fonts.properties',
  'fonts.subset_tag',
])

/**
 * Server-side PDF libraries and reporting engines whose versions banks deploy. OpenPDF is iText 2.1.7's
 * fork, so the two are one library here. Editing and converting tools are never on this list (their marks
 * are a hard failure: hard-checks.ts).
 */
const LIBRARIES: readonly [string, RegExp][] = [
  ['jasperreports', /^JasperReports\b/],
  ['itext', /^(iText\b|OpenPDF\b)/],
  ['oracle-bi-publisher', /^Oracle BI Publisher\b/],
  ['openhtmltopdf', /^openhtmltopdf\b/],
  ['pdfbox', /^Apache PDFBox\b/],
  ['fop', /^Apache FOP\b/],
  ['skia', /^Skia\/PDF\b/],
  ['chromium', /^(Chromium|HeadlessChrome)\b/],
]

/** The library a producer or creator string names, or null. */
export function libraryOf(value: string): string | null {
  return LIBRARIES.find(([, re]) => re.test(value))?.[0] ?? null
}

export type VersionMatch =
  | { kind: 'seen'; version: GeneratorVersion }
  | { kind: 'unseen_version'; libraries: string[] }
  | { kind: 'foreign' }

/**
 * Which of the family's versions made the document: the one with its exact producer and creator; else an
 * unseen version when each of the two is either a value some version carries or another version of a library
 * some version uses in that slot; else foreign.
 */
export function matchVersion(
  versions: readonly GeneratorVersion[],
  producer: string,
  creator: string,
): VersionMatch {
  const exact = versions.find((v) => v.producer === producer && v.creator === creator)
  if (exact) return { kind: 'seen', version: exact }
  const libraries: string[] = []
  for (const [value, slot] of [
    [producer, 'producer'],
    [creator, 'creator'],
  ] as const) {
    const seen = versions.map((v) => v[slot])
    if (seen.includes(value)) continue
    const library = libraryOf(value)
    if (library === null || !seen.some((s) => libraryOf(s) === library)) return { kind: 'foreign' }
    libraries.push(library)
  }
  // Both strings seen, but never together: a mix of two builds is not a build.
  if (libraries.length === 0) return { kind: 'foreign' }
  return { kind: 'unseen_version', libraries }
}

/** `producer + creator` as one label for details. */
export function versionLabel(v: { producer: string; creator: string }): string {
  return v.creator === '(none)' ? v.producer : `${v.creator} + ${v.producer}`
}

function union(values: string[]): string[] {
  return [...new Set(values)].sort()
}

/** The version-bound facts of each build among the samples (grouped by exact producer and creator). */
export function learnVersions(
  features: readonly DocumentFeatures[],
  tagPattern: (tags: string[], samples: number) => string,
): GeneratorVersion[] {
  const groups = new Map<string, DocumentFeatures[]>()
  for (const f of features) {
    const key = `${f.categorical['producer']}\u0000${f.categorical['creator']}`
    groups.set(key, [...(groups.get(key) ?? []), f])
  }
  return [...groups.values()]
    .map((fs) => ({
      producer: fs[0]!.categorical['producer']!,
      creator: fs[0]!.categorical['creator']!,
      samples: fs.length,
      categorical: Object.fromEntries(
        VERSION_BOUND_CATEGORICAL.map((k) => [k, union(fs.map((f) => f.categorical[k] ?? '(none)'))]),
      ),
      members: Object.fromEntries(
        VERSION_BOUND_MEMBERS.map((k) => [k, union(fs.flatMap((f) => f.members[k] ?? []))]),
      ),
      subsetTagPattern: tagPattern(
        fs.flatMap((f) => f.members['subsetTagShapes'] ?? []),
        fs.length,
      ),
    }))
    .sort((a, b) => versionLabel(a).localeCompare(versionLabel(b)))
}
