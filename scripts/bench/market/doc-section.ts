/**
 * The market-behaviour section of docs/authenticity-accuracy.md, between two markers, so that `bench:market`
 * rewrites only its own section and `bench:authenticity`, which writes the rest of the page, keeps it.
 */
export const SECTION_START = '<!-- bench:market start -->'
export const SECTION_END = '<!-- bench:market end -->'

/** The marked section of a page (markers included), or null when it has none. */
export function sectionOf(doc: string): string | null {
  const start = doc.indexOf(SECTION_START)
  const end = doc.indexOf(SECTION_END, start)
  return start < 0 || end < 0 ? null : doc.slice(start, end + SECTION_END.length)
}

/** The page with its marked section replaced by `body`, or with it appended when the page has none. */
export function withSection(doc: string, body: string): string {
  const section = `${SECTION_START}\n\n${body.trim()}\n\n${SECTION_END}`
  const old = sectionOf(doc)
  if (old !== null) return doc.replace(old, () => section)
  return `${doc.trimEnd()}${doc.trim() ? '\n\n' : ''}${section}\n`
}
