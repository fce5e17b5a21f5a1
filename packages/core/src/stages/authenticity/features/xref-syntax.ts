/**
 * The byte syntax of a classic cross-reference section as its writer lays it out: how long each entry is
 * and how it ends (ISO 32000-1 §7.5.4 says 20 bytes: `nnnnnnnnnn ggggg n` plus a two-byte end of line, SP CR,
 * SP LF or CR LF), and the end of line after `xref`, the subsection headers, `trailer`, the trailer
 * dictionary, `startxref`, its offset and `%%EOF`. A generator writes these the same way in every file; a
 * tool that rewrites the table writes them its own way.
 */

export interface XrefSyntax {
  /** Distinct entry shapes, `length:ending`, e.g. `20:CRLF`, `20:SP+LF`, `19:LF`; `(none)` without entries. */
  entries: string
  /** The end of line of each kind of line, e.g. `xref=CRLF subsection=CRLF … eof=CRLF`. */
  lineEnds: string
}

const ENTRY = /^\d{10} \d{5} [nf]/

/** `\r\n` → CRLF, `\n` → LF, `\r` → CR, space → SP, joined with `+`; empty → `none`. */
export function endingName(bytes: string): string {
  if (bytes === '') return 'none'
  const parts: string[] = []
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]
    if (c === '\r' && bytes[i + 1] === '\n') {
      parts.push('CRLF')
      i++
    } else
      parts.push(
        c === '\n' ? 'LF' : c === '\r' ? 'CR' : c === ' ' ? 'SP' : `x${c!.charCodeAt(0).toString(16)}`,
      )
  }
  return parts.join('+')
}

type LineKind = 'xref' | 'subsection' | 'blank' | 'trailer' | 'dict' | 'startxref' | 'offset' | 'eof'
const ORDER: LineKind[] = ['xref', 'subsection', 'blank', 'trailer', 'dict', 'startxref', 'offset', 'eof']

/** Reads the syntax of `tail` (from `xref` to the end of the file); null when there is no classic table. */
export function xrefSyntax(tail: string | null): XrefSyntax {
  if (tail === null) return { entries: '(no table)', lineEnds: '(no table)' }
  const entries = new Set<string>()
  const ends = new Map<LineKind, Set<string>>()
  const line = /([^\r\n]*)(\r\n|\r|\n|$)/y
  let phase: 'table' | 'trailer' | 'end' = 'table'
  for (let at = 0; at < tail.length; ) {
    line.lastIndex = at
    const m = line.exec(tail)!
    const [whole, text, eol] = m as unknown as [string, string, string]
    at += whole.length
    let kind: LineKind
    if (phase === 'table' && ENTRY.test(text)) {
      // Whatever follows the 18 fixed bytes is the entry's end: trailing spaces belong to it.
      entries.add(`${text.length + eol.length}:${endingName(text.slice(18) + eol)}`)
      continue
    }
    if (text.startsWith('xref')) kind = 'xref'
    else if (text.startsWith('trailer')) {
      kind = 'trailer'
      phase = 'trailer'
    } else if (text.startsWith('startxref')) {
      kind = 'startxref'
      phase = 'end'
    } else if (text.startsWith('%%EOF')) kind = 'eof'
    else if (text.trim() === '') kind = 'blank'
    else if (phase === 'table') kind = 'subsection'
    else if (phase === 'trailer') kind = 'dict'
    else kind = 'offset'
    const set = ends.get(kind) ?? new Set<string>()
    set.add(endingName(eol))
    ends.set(kind, set)
    if (kind === 'eof') break
  }
  const lineEnds = ORDER.filter((k) => ends.has(k))
    .map((k) => `${k}=${[...ends.get(k)!].sort().join('|')}`)
    .join(' ')
  return { entries: entries.size === 0 ? '(none)' : [...entries].sort().join(' '), lineEnds }
}
