/**
 * Reads the machine-checked parts of the docs: the tables under ARCHITECTURE.md's "Claims the tests hold",
 * and counts written in words ("seven consumers").
 */

/** One table row: the `code` items of each cell, and each cell's text. */
export interface ClaimRow {
  code: string[][]
  text: string[]
}

const section = '## Claims the tests hold'

/** The rows of the table in the claims section whose first header cell starts with `header`. */
export function claimRows(doc: string, header: string): ClaimRow[] {
  const start = doc.indexOf(section)
  if (start < 0) throw new Error(`no "${section}" section`)
  const end = doc.indexOf('\n## ', start + section.length)
  const lines = doc.slice(start, end < 0 ? undefined : end).split('\n')
  const cellsOf = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim())
  const top = lines.findIndex((line) => line.startsWith('|') && (cellsOf(line)[0] ?? '').startsWith(header))
  if (top < 0) throw new Error(`no claims table headed "${header}"`)
  const rows: ClaimRow[] = []
  for (const line of lines.slice(top + 2)) {
    if (!line.startsWith('|')) break
    const text = cellsOf(line)
    rows.push({ text, code: text.map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '')) })
  }
  return rows
}

const numbers = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
]

export type CountedNoun = 'consumers' | 'deployables' | 'services' | 'app services'

/** Every "<number> <noun>" the text writes about services, e.g. "the seven consumers" → 7 consumers. */
export function countClaims(text: string): Array<{ noun: CountedNoun; count: number }> {
  const pattern = new RegExp(
    `\\b(${numbers.join('|')}|\\d+)\\s+(app\\s+services|services|consumers|deployables)\\b`,
    'gi',
  )
  return [...text.matchAll(pattern)].map((m) => {
    const word = (m[1] ?? '').toLowerCase()
    const count = numbers.includes(word) ? numbers.indexOf(word) + 1 : Number(word)
    return { noun: (m[2] ?? '').toLowerCase().replace(/\s+/g, ' ') as CountedNoun, count }
  })
}
